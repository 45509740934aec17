//! Checks generated `validate` methods call before anything is sent.
//!
//! A documented limit broken locally gives a clear error naming the parameter, instead of a
//! round trip ending in a terse server code.

use std::fmt::Display;

use crate::error::InvalidArgument;

/// Checks `min <= v <= max` (either bound optional, both inclusive).
pub fn check_range<T: PartialOrd + Display>(
    param: &'static str,
    v: &T,
    min: Option<T>,
    max: Option<T>,
) -> Result<(), InvalidArgument> {
    if let Some(min) = min {
        // `!(v >= min)` also refuses values that do not compare at all.
        if v.partial_cmp(&min).is_none_or(|o| o.is_lt()) {
            return Err(InvalidArgument::new(
                param,
                format!("must be at least {min}, got {v}"),
            ));
        }
    }
    if let Some(max) = max {
        if v.partial_cmp(&max).is_none_or(|o| o.is_gt()) {
            return Err(InvalidArgument::new(
                param,
                format!("must be at most {max}, got {v}"),
            ));
        }
    }
    Ok(())
}

/// Checks that `v` has at most `max` characters (not bytes).
pub fn check_max_len(param: &'static str, v: &str, max: usize) -> Result<(), InvalidArgument> {
    // `v.len()` bounds the char count from above: skip counting in the common case.
    if v.len() <= max {
        return Ok(());
    }
    let n = v.chars().count();
    if n > max {
        return Err(InvalidArgument::new(
            param,
            format!("must be at most {max} characters, got {n}"),
        ));
    }
    Ok(())
}

/// Checks that a required string is not empty (or only whitespace), which servers refuse.
pub fn check_not_empty(param: &'static str, v: &str) -> Result<(), InvalidArgument> {
    if v.trim().is_empty() {
        return Err(InvalidArgument::new(param, "must not be empty"));
    }
    Ok(())
}

/// Checks that at least one of `params` (wire name, present) is present.
///
/// The error names the first parameter; its message lists them all
/// (`clientOrderId and orderId cannot both be empty`).
pub fn at_least_one_of(params: &[(&'static str, bool)]) -> Result<(), InvalidArgument> {
    if params.is_empty() || params.iter().any(|&(_, present)| present) {
        return Ok(());
    }
    let names: Vec<&str> = params.iter().map(|&(name, _)| name).collect();
    let reason = match names.as_slice() {
        [one] => format!("{one} must not be empty"),
        [a, b] => format!("{a} and {b} cannot both be empty"),
        many => format!("at least one of {} must be given", many.join(", ")),
    };
    Err(InvalidArgument::new(params[0].0, reason))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn ranges() {
        assert!(check_range("limit", &100, Some(1), Some(100)).is_ok());
        let e = check_range("limit", &101, Some(1), Some(100)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid argument `limit`: must be at most 100, got 101"
        );
        let e = check_range("leverage", &0, Some(1), Some(125)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid argument `leverage`: must be at least 1, got 0"
        );
        assert!(check_range("x", &5, None, None).is_ok());
        assert!(check_range("p", &Decimal::new(15, 1), Some(Decimal::ONE), None).is_ok());
        assert!(check_range("f", &f64::NAN, Some(0.0), None).is_err());
    }

    #[test]
    fn lengths_and_presence() {
        assert!(check_max_len("clientOrderId", "abc", 31).is_ok());
        assert!(check_max_len("clientOrderId", &"é".repeat(31), 31).is_ok());
        let e = check_max_len("clientOrderId", &"a".repeat(32), 31).unwrap_err();
        assert_eq!(e.param, "clientOrderId");
        assert_eq!(e.reason, "must be at most 31 characters, got 32");
        assert!(check_not_empty("contractName", "E-BTC-USDT").is_ok());
        assert!(check_not_empty("contractName", " ").is_err());
        let e = at_least_one_of(&[("clientOrderId", false), ("orderId", false)]).unwrap_err();
        assert_eq!(e.reason, "clientOrderId and orderId cannot both be empty");
        assert_eq!(e.param, "clientOrderId");
        assert!(at_least_one_of(&[("clientOrderId", false), ("orderId", true)]).is_ok());
        let e = at_least_one_of(&[("a", false), ("b", false), ("c", false)]).unwrap_err();
        assert_eq!(e.reason, "at least one of a, b, c must be given");
    }
}
