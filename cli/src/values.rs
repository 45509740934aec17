//! Reading argument values: exact decimals, times, the spec's enum values, JSON for the rest.
//! Limits (ranges, lengths, "at least one of") are not checked here: the SDK's request
//! validation refuses them, with its own text, before anything is sent.

use std::str::FromStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use contango::{DurationMillis, DurationSeconds, Millis, Seconds};
use rust_decimal::Decimal;

use crate::failure::Failure;

/// An exact decimal (`29345.3`, `-0.001`); never through `f64`, no exponent.
pub fn parse_decimal(s: &str) -> Result<Decimal, String> {
    Decimal::from_str_exact(s.trim()).map_err(|_| format!("`{s}` is not a decimal number"))
}

/// Milliseconds since the Unix epoch.
pub fn parse_millis(s: &str) -> Result<Millis, String> {
    i64::from_str(s.trim())
        .map(Millis)
        .map_err(|_| format!("`{s}` is not a time in milliseconds"))
}

/// Seconds since the Unix epoch.
pub fn parse_seconds(s: &str) -> Result<Seconds, String> {
    i64::from_str(s.trim())
        .map(Seconds)
        .map_err(|_| format!("`{s}` is not a time in seconds"))
}

/// A span of whole seconds: a number of seconds (`5205`), or a number with a unit (`90s`,
/// `15m`, `2h`, `1d`; `1500ms` when it is whole seconds).
pub fn parse_duration_seconds(s: &str) -> Result<DurationSeconds, String> {
    let ms = duration_ms(s, 1000)?;
    if ms % 1000 != 0 {
        return Err(format!("`{s}` is not a whole number of seconds"));
    }
    Ok(DurationSeconds(ms / 1000))
}

/// A span of whole milliseconds: a number of milliseconds (`250`), or a number with a unit
/// (`250ms`, `90s`, `15m`, `2h`, `1d`).
pub fn parse_duration_millis(s: &str) -> Result<DurationMillis, String> {
    duration_ms(s, 1).map(DurationMillis)
}

/// `s` in milliseconds: a bare number counts `bare_ms` milliseconds each (the parameter's unit);
/// one with a unit is read as the simulator's options are ([`contango_sim::time::parse_duration`]).
fn duration_ms(s: &str, bare_ms: i64) -> Result<i64, String> {
    let text = s.trim();
    if let Ok(n) = i64::from_str(text) {
        return n
            .checked_mul(bare_ms)
            .ok_or_else(|| format!("`{s}` is too long a duration"));
    }
    let d = contango_sim::time::parse_duration(text)?;
    i64::try_from(d.as_millis()).map_err(|_| format!("`{s}` is too long a duration"))
}

/// Any other type, as JSON text (`{"a":1}`, `[1,2]`), or as a string when the text is not JSON.
pub fn parse_json<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    serde_json::from_str(s)
        .or_else(|_| serde_json::from_value(serde_json::Value::String(s.to_owned())))
        .map_err(|e| format!("`{s}`: {e}"))
}

/// One item of a list-of-records parameter, as given to one occurrence of its flag: a JSON
/// object (`{"triggerType":1,...}`), or `key=value` pairs separated by commas
/// (`triggerType=1,triggerPrice=29000,type=MARKET`), where a value that reads as a JSON number,
/// `true` or `false` is one and any other is text (quote it, `"1"`, to keep a number as text).
/// Keys are the record's wire names; the record's own decoding checks them.
pub fn parse_item<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    let text = s.trim();
    if text.starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("`{s}`: {e}"));
    }
    let mut object = serde_json::Map::new();
    for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("`{pair}` is not `key=value` (in `{s}`)"))?;
        let value = value.trim();
        let parsed = match serde_json::from_str::<serde_json::Value>(value) {
            Ok(
                v @ (serde_json::Value::Number(_)
                | serde_json::Value::Bool(_)
                | serde_json::Value::String(_)),
            ) => v,
            _ => serde_json::Value::String(value.to_owned()),
        };
        if object.insert(key.trim().to_owned(), parsed).is_some() {
            return Err(format!("`{}` is given twice (in `{s}`)", key.trim()));
        }
    }
    serde_json::from_value(serde_json::Value::Object(object)).map_err(|e| format!("`{s}`: {e}"))
}

/// One value of a spec enum on the command line.
#[derive(Debug, Clone, Copy)]
pub struct ChoiceValue {
    /// The name shown in `--help` (the wire value, or an integer enum's variant name).
    pub name: &'static str,
    /// Other accepted spellings (wire aliases, an integer enum's number).
    pub aliases: &'static [&'static str],
    /// The spec's documentation of the value.
    pub help: Option<&'static str>,
}

/// A value parser accepting exactly the spec's values of an enum (and their aliases); it yields
/// the index of the value, which generated code maps to the enum's variant. Values the spec
/// does not list are refused, although the SDK's enums would carry them: on the command line
/// an unknown value is a typo far more often than a new server value.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    values: &'static [ChoiceValue],
}

impl Choice {
    /// A parser over `values`.
    pub const fn new(values: &'static [ChoiceValue]) -> Choice {
        Choice { values }
    }

    fn possible(&self) -> impl Iterator<Item = PossibleValue> + '_ {
        self.values.iter().map(|v| {
            PossibleValue::new(v.name)
                .aliases(v.aliases.iter().copied())
                .help(v.help.unwrap_or_default())
        })
    }
}

impl TypedValueParser for Choice {
    type Value = usize;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<usize, clap::Error> {
        // clap's own parser gives the usual error (with the list of values and a suggestion).
        let text = PossibleValuesParser::new(self.possible()).parse_ref(cmd, arg, value)?;
        let ignore_case = arg.is_some_and(clap::Arg::is_ignore_case_set);
        self.possible()
            .position(|v| v.matches(&text, ignore_case))
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.possible()))
    }
}

/// A required argument's value. clap already insists on it; a missing one is still refused
/// rather than trusted.
pub fn required<T: Clone + Send + Sync + 'static>(
    args: &clap::ArgMatches,
    id: &str,
) -> Result<T, Failure> {
    optional(args, id)?.ok_or_else(|| Failure::Refused(format!("missing argument `{id}`")))
}

/// An optional argument's value, `None` when not given.
pub fn optional<T: Clone + Send + Sync + 'static>(
    args: &clap::ArgMatches,
    id: &str,
) -> Result<Option<T>, Failure> {
    args.try_get_one::<T>(id)
        .map(|v| v.cloned())
        .map_err(|e| Failure::Other(format!("argument `{id}`: {e}")))
}

/// Every value of a repeatable argument (`--contract A --contract B`), in order.
pub fn many<T: Clone + Send + Sync + 'static>(
    args: &clap::ArgMatches,
    id: &str,
) -> Result<Vec<T>, Failure> {
    args.try_get_many::<T>(id)
        .map(|v| v.map(|v| v.cloned().collect()).unwrap_or_default())
        .map_err(|e| Failure::Other(format!("argument `{id}`: {e}")))
}

/// Whether the user wrote the argument (a default does not count).
pub fn given(args: &clap::ArgMatches, id: &str) -> bool {
    matches!(
        args.value_source(id),
        Some(clap::parser::ValueSource::CommandLine | clap::parser::ValueSource::EnvVariable)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact_and_refuse_what_is_not_one() {
        assert_eq!(
            parse_decimal("29345.30").map(|d| d.to_string()),
            Ok("29345.30".to_owned())
        );
        assert_eq!(
            parse_decimal("0.1000000000000000000000000001").map(|d| d.to_string()),
            Ok("0.1000000000000000000000000001".to_owned())
        );
        assert!(parse_decimal("1e5").is_err());
        assert!(parse_decimal("ten").is_err());
    }

    #[test]
    fn a_list_item_is_key_value_pairs_or_json() {
        let item: contango::TriggerOrderCreateParam = parse_item(
            "triggerType=1, triggerPriceType=2,triggerPrice=29000.5,type=LIMIT,price=29000,clientOrderId=\"7\"",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(item.trigger_type, contango::TriggerType::StopLoss);
        assert_eq!(
            item.trigger_price_type,
            contango::TriggerPriceType::MarkPrice
        );
        assert_eq!(item.trigger_price.to_string(), "29000.5");
        assert_eq!(item.order_type, contango::OrderType::Limit);
        assert_eq!(item.client_order_id.as_deref(), Some("7"));
        let json: contango::TriggerOrderCreateParam = parse_item(
            r#"{"triggerType":2,"triggerPriceType":1,"triggerPrice":"31000","type":"MARKET","price":0}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(json.trigger_type, contango::TriggerType::TakeProfit);
        let missing = parse_item::<contango::TriggerOrderCreateParam>("triggerType=1").err();
        assert!(missing.is_some_and(|e| e.contains("missing field")));
        let twice = parse_item::<contango::TriggerOrderCreateParam>("price=1,price=2").err();
        assert!(twice.is_some_and(|e| e.contains("given twice")));
        assert!(parse_item::<contango::TriggerOrderCreateParam>("nonsense").is_err());
    }

    #[test]
    fn times_are_integers() {
        assert_eq!(parse_millis("1700000000000"), Ok(Millis(1_700_000_000_000)));
        assert!(parse_millis("1.5").is_err());
        assert_eq!(parse_seconds("17"), Ok(Seconds(17)));
    }

    #[test]
    fn durations_take_a_number_or_a_unit() {
        assert_eq!(parse_duration_seconds("5205"), Ok(DurationSeconds(5205)));
        assert_eq!(parse_duration_seconds("15m"), Ok(DurationSeconds(900)));
        assert_eq!(parse_duration_seconds("2000ms"), Ok(DurationSeconds(2)));
        assert_eq!(parse_duration_seconds("-3"), Ok(DurationSeconds(-3)));
        assert!(parse_duration_seconds("-3s").is_err());
        assert!(parse_duration_seconds("1500ms").is_err());
        assert!(parse_duration_seconds("1.5h").is_err());
        assert!(parse_duration_seconds("5 weeks").is_err());
        assert_eq!(parse_duration_millis("250"), Ok(DurationMillis(250)));
        assert_eq!(parse_duration_millis("1d"), Ok(DurationMillis(86_400_000)));
        assert!(parse_duration_millis("9223372036854775807").is_ok());
        assert!(parse_duration_seconds("9223372036854775807").is_err());
        assert!(parse_duration_millis("99999999999999999h").is_err());
        assert!(parse_duration_millis("").is_err());
    }
}
