//! How the venue writes values to bytes: the one compact decimal encoding ([`compact`]) that
//! the journal and the market cache share, and the journal's borsh encoding (the `journal`
//! feature) of the few foreign types the core's state and inputs hold: durations, paths, the
//! market stream's price levels and the spec's products. The core's own types derive it.

#[cfg(feature = "journal")]
use borsh::io::{Error, ErrorKind, Read, Result, Write};
#[cfg(feature = "journal")]
use borsh::{BorshDeserialize, BorshSerialize};

/// A `Duration` as whole milliseconds.
#[cfg(feature = "journal")]
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
#[cfg(feature = "journal")]
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
#[cfg(feature = "journal")]
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

/// The one decimal encoding of what the venue keeps (the journal's market updates, the market
/// cache): a head byte, then the mantissa. The head holds the scale (bits 0-5), whether the
/// mantissa follows as 16 little-endian bytes (bit 6, for one wider than 64 bits) and a
/// negative zero (bit 7, which a mantissa cannot say). Otherwise the mantissa follows
/// zigzag-encoded as a base-128 varint: `30010.5` is 4 bytes where the fixed encoding takes 16.
///
/// The journal's first format wrote the scale alone in the head and every mantissa as a varint
/// of up to 19 bytes; [`read`](compact::read) takes those bytes too, and reads them as they were
/// written, so one reader serves both formats.
pub mod compact {
    use rust_decimal::Decimal;

    /// The most bytes one decimal takes.
    pub const MAX_LEN: usize = 17;
    const SCALE: u8 = 0x3f;
    const WIDE: u8 = 0x40;
    const NEGATIVE_ZERO: u8 = 0x80;

    /// Writes `d` to the front of `out` and answers how many bytes it took.
    #[inline]
    pub fn put(d: &Decimal, out: &mut [u8; MAX_LEN]) -> usize {
        // A scale is at most 28: it fits the low bits.
        let mut head = d.scale() as u8;
        let m = d.mantissa();
        if m == 0 && d.is_sign_negative() {
            head |= NEGATIVE_ZERO;
        }
        let Ok(m) = i64::try_from(m) else {
            out[0] = head | WIDE;
            out[1..].copy_from_slice(&m.to_le_bytes());
            return MAX_LEN;
        };
        out[0] = head;
        let mut z = ((m << 1) ^ (m >> 63)) as u64;
        let mut n = 1;
        while z >= 0x80 {
            out[n] = (z as u8) | 0x80;
            z >>= 7;
            n += 1;
        }
        out[n] = z as u8;
        n + 1
    }

    /// Reads a decimal one byte at a time from `byte`; `bad` makes the error for bytes that
    /// do not hold one (a scale past 28, a mantissa that runs on), never a panic.
    #[inline]
    pub fn read<E>(
        mut byte: impl FnMut() -> Result<u8, E>,
        bad: impl Fn(&'static str) -> E,
    ) -> Result<Decimal, E> {
        let head = byte()?;
        let m = if head & WIDE == 0 {
            let mut z: u128 = 0;
            let mut shift = 0;
            loop {
                let b = byte()?;
                z |= u128::from(b & 0x7f) << shift;
                if b & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 126 {
                    return Err(bad("a decimal's mantissa runs on"));
                }
            }
            (z >> 1) as i128 ^ -((z & 1) as i128)
        } else {
            let mut m = [0_u8; 16];
            for b in &mut m {
                *b = byte()?;
            }
            i128::from_le_bytes(m)
        };
        let mut d = Decimal::try_from_i128_with_scale(m, u32::from(head & SCALE))
            .map_err(|_| bad("a decimal out of range"))?;
        if head & NEGATIVE_ZERO != 0 {
            d.set_sign_negative(true);
        }
        Ok(d)
    }

    /// Writes `d` to a borsh writer.
    #[cfg(feature = "journal")]
    pub fn write<W: super::Write>(d: &Decimal, w: &mut W) -> super::Result<()> {
        let mut out = [0_u8; MAX_LEN];
        let n = put(d, &mut out);
        w.write_all(&out[..n])
    }

    /// Reads a decimal from a borsh reader.
    #[cfg(feature = "journal")]
    pub fn read_from<R: super::Read>(r: &mut R) -> super::Result<Decimal> {
        use borsh::BorshDeserialize;
        read(
            || u8::deserialize_reader(r),
            |why| super::Error::new(super::ErrorKind::InvalidData, why),
        )
    }
}

/// The market stream's price levels, as `(price, quantity)` in compact decimals.
#[cfg(feature = "journal")]
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
            let price = compact::read_from(r)?;
            let quantity = compact::read_from(r)?;
            out.push(PriceLevel { price, quantity });
        }
        Ok(out)
    }
}

/// A decimal in compact form ([`compact`]), for fields of the market's updates.
#[cfg(feature = "journal")]
pub mod decimal {
    use super::*;
    use rust_decimal::Decimal;

    /// Writes `d` (borsh hands over the field's own type).
    pub fn serialize<W: Write>(d: &Decimal, w: &mut W) -> Result<()> {
        compact::write(d, w)
    }

    /// Reads a decimal.
    pub fn deserialize<R: Read>(r: &mut R) -> Result<Decimal> {
        compact::read_from(r)
    }
}

#[cfg(all(test, feature = "journal"))]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn compact_decimals_round_trip_exactly_and_stay_short() {
        for text in [
            "0",
            "-0.0",
            "1",
            "-1",
            "30010.5",
            "0.001",
            "-0.0000000000000000000000000001",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "1.2300",
        ] {
            let d: Decimal = text.parse().expect("decimal");
            let mut bytes = Vec::new();
            compact::write(&d, &mut bytes).expect("written");
            let mut rest = bytes.as_slice();
            let back = compact::read_from(&mut rest).expect("read");
            assert_eq!(back.to_string(), d.to_string(), "{text}");
            assert_eq!(back.is_sign_negative(), d.is_sign_negative(), "{text}");
            assert!(rest.is_empty(), "{text}");
        }
        let mut bytes = Vec::new();
        compact::write(&"30010.5".parse().expect("decimal"), &mut bytes).expect("written");
        assert_eq!(bytes.len(), 4);
    }

    #[test]
    fn bad_compact_bytes_are_errors() {
        let read = |bytes: &[u8]| compact::read_from(&mut &bytes[..]);
        assert!(read(&[0, 0x80, 0x80]).is_err(), "cut short");
        assert!(read(&[29, 2]).is_err(), "a scale past 28");
        assert!(read(&[0x40, 1, 2]).is_err(), "a wide mantissa cut short");
        assert!(read(&[0; 0]).is_err(), "nothing");
        let mut runs_on = vec![0_u8];
        runs_on.extend([0xff; 19]);
        assert!(read(&runs_on).is_err_and(|e| e.to_string().contains("runs on")));
    }

    /// The journal's first format: the scale alone in the head and every mantissa a varint,
    /// a wide one of up to 19 bytes. Bytes written then read back as they were written.
    #[test]
    fn the_first_formats_decimals_still_read() {
        // -79228162514264337593543950.335 as the first format wrote it: scale 3, then the
        // zigzag mantissa in 14 bytes.
        let old = [
            0x03, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x3f,
        ];
        let mut rest = &old[..];
        let back = compact::read_from(&mut rest).expect("reads");
        assert_eq!(back.to_string(), "-79228162514264337593543950.335");
        assert!(rest.is_empty());
    }
}

/// A product of the spec, by its place in `Product::ALL`.
#[cfg(feature = "journal")]
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
