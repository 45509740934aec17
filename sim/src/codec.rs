//! The journal's binary encoding (borsh, the `journal` feature) of the few foreign types the
//! core's state and inputs hold: durations, paths, the market stream's price levels and the
//! spec's products. The core's own types derive it.

use borsh::io::{Error, ErrorKind, Read, Result, Write};
use borsh::{BorshDeserialize, BorshSerialize};

/// A `Duration` as whole milliseconds.
pub mod duration {
    use super::*;
    use std::time::Duration;

    /// Writes `d` as milliseconds (`u64`).
    pub fn serialize<W: Write>(d: &Duration, w: &mut W) -> Result<()> {
        u64::try_from(d.as_millis())
            .unwrap_or(u64::MAX)
            .serialize(w)
    }

    /// Reads milliseconds.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Duration> {
        Ok(Duration::from_millis(u64::deserialize_reader(r)?))
    }
}

/// An optional `Duration` as whole milliseconds.
pub mod opt_duration {
    use super::*;
    use std::time::Duration;

    /// Writes `d` as optional milliseconds.
    pub fn serialize<W: Write>(d: &Option<Duration>, w: &mut W) -> Result<()> {
        d.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .serialize(w)
    }

    /// Reads optional milliseconds.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Option<Duration>> {
        Ok(Option::<u64>::deserialize_reader(r)?.map(Duration::from_millis))
    }
}

/// A path as UTF-8 text.
pub mod path {
    use super::*;
    use std::path::PathBuf;

    /// Writes the path's text (borsh hands over the field's own type).
    #[allow(clippy::ptr_arg)]
    pub fn serialize<W: Write>(p: &PathBuf, w: &mut W) -> Result<()> {
        p.to_string_lossy().into_owned().serialize(w)
    }

    /// Reads a path's text.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<PathBuf> {
        Ok(PathBuf::from(String::deserialize_reader(r)?))
    }
}

/// The market stream's price levels, as `(price, quantity)`.
pub mod levels {
    use super::*;
    use contango::PriceLevel;
    use rust_decimal::Decimal;

    /// Writes the levels (borsh hands over the field's own type).
    #[allow(clippy::ptr_arg)]
    pub fn serialize<W: Write>(levels: &Vec<PriceLevel>, w: &mut W) -> Result<()> {
        u32::try_from(levels.len())
            .map_err(|_| Error::new(ErrorKind::InvalidData, "too many levels"))?
            .serialize(w)?;
        for l in levels {
            BorshSerialize::serialize(&l.price, w)?;
            BorshSerialize::serialize(&l.quantity, w)?;
        }
        Ok(())
    }

    /// Reads levels.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Vec<PriceLevel>> {
        let n = u32::deserialize_reader(r)?;
        let mut out = Vec::with_capacity(usize::try_from(n.min(4096)).unwrap_or(0));
        for _ in 0..n {
            let price = Decimal::deserialize_reader(r)?;
            let quantity = Decimal::deserialize_reader(r)?;
            out.push(PriceLevel { price, quantity });
        }
        Ok(out)
    }
}

/// A product of the spec, by its place in `Product::ALL`.
pub mod product {
    use super::*;
    use contango::Product;

    /// Writes the product's index.
    pub fn serialize<W: Write>(p: &Product, w: &mut W) -> Result<()> {
        let i = Product::ALL.iter().position(|x| x == p).unwrap_or(0);
        u8::try_from(i).unwrap_or(0).serialize(w)
    }

    /// Reads a product's index.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Product> {
        let i = u8::deserialize_reader(r)?;
        Product::ALL
            .get(usize::from(i))
            .copied()
            .ok_or_else(|| Error::new(ErrorKind::InvalidData, format!("no product {i}")))
    }
}
