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

/// A decimal in few bytes: its scale, then its mantissa zigzag-encoded as a base-128 varint
/// (`30010.5` is 4 bytes where the fixed encoding takes 16). Market frames are most of a live
/// venue's journal, and their prices and sizes are short.
pub mod compact {
    use super::*;
    use rust_decimal::Decimal;

    /// Writes `d`.
    pub fn write<W: Write>(d: &Decimal, w: &mut W) -> Result<()> {
        let scale = u8::try_from(d.scale()).unwrap_or(0);
        let m = d.mantissa();
        let mut z = ((m << 1) ^ (m >> 127)) as u128;
        let mut out = [0_u8; 20];
        out[0] = scale;
        let mut n = 1;
        loop {
            let byte = (z & 0x7f) as u8;
            z >>= 7;
            if z == 0 {
                out[n] = byte;
                n += 1;
                break;
            }
            out[n] = byte | 0x80;
            n += 1;
        }
        w.write_all(&out[..n])
    }

    /// Reads a decimal.
    pub fn read<R: Read>(r: &mut R) -> Result<Decimal> {
        let bad = |why: &str| Error::new(ErrorKind::InvalidData, why.to_owned());
        let scale = u8::deserialize_reader(r)?;
        let mut z: u128 = 0;
        for shift in (0..).step_by(7).take(19) {
            let byte = u8::deserialize_reader(r)?;
            z |= u128::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                let m = (z >> 1) as i128 ^ -((z & 1) as i128);
                return Decimal::try_from_i128_with_scale(m, u32::from(scale))
                    .map_err(|_| bad("a decimal out of range"));
            }
        }
        Err(bad("a decimal's mantissa runs on"))
    }
}

/// The market stream's price levels, as `(price, quantity)` in compact decimals.
pub mod levels {
    use super::*;
    use contango::PriceLevel;

    /// Writes the levels (borsh hands over the field's own type).
    #[allow(clippy::ptr_arg)]
    pub fn serialize<W: Write>(levels: &Vec<PriceLevel>, w: &mut W) -> Result<()> {
        u32::try_from(levels.len())
            .map_err(|_| Error::new(ErrorKind::InvalidData, "too many levels"))?
            .serialize(w)?;
        for l in levels {
            compact::write(&l.price, w)?;
            compact::write(&l.quantity, w)?;
        }
        Ok(())
    }

    /// Reads levels.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Vec<PriceLevel>> {
        let n = u32::deserialize_reader(r)?;
        let mut out = Vec::with_capacity(usize::try_from(n.min(4096)).unwrap_or(0));
        for _ in 0..n {
            let price = compact::read(r)?;
            let quantity = compact::read(r)?;
            out.push(PriceLevel { price, quantity });
        }
        Ok(out)
    }
}

/// A decimal in compact form ([`compact`]), for fields of the market's updates.
pub mod decimal {
    use super::*;
    use rust_decimal::Decimal;

    /// Writes `d` (borsh hands over the field's own type).
    pub fn serialize<W: Write>(d: &Decimal, w: &mut W) -> Result<()> {
        compact::write(d, w)
    }

    /// Reads a decimal.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Decimal> {
        compact::read(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn compact_decimals_round_trip_exactly_and_stay_short() {
        for text in [
            "0",
            "1",
            "-1",
            "30010.5",
            "0.001",
            "-0.0000000000000000000000000001",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "1.2300",
        ] {
            let d: Decimal = text.parse().expect("decimal");
            let mut bytes = Vec::new();
            compact::write(&d, &mut bytes).expect("written");
            let back = compact::read(&mut bytes.as_slice()).expect("read");
            assert_eq!((back, back.scale()), (d, d.scale()), "{text}");
        }
        let mut bytes = Vec::new();
        compact::write(&"30010.5".parse().expect("decimal"), &mut bytes).expect("written");
        assert_eq!(bytes.len(), 4);
        assert!(
            compact::read(&mut [0_u8, 0x80, 0x80].as_slice()).is_err(),
            "cut short"
        );
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
