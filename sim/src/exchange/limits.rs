//! An order's documented limits that need nothing but the contract: its volume, its price as
//! written, its distance from the mark price.

use contango::ErrorCode;
use rust_decimal::Decimal;

use super::order::OrderKind;
use crate::config::ContractConfig;
use crate::error::{SimError, SimResult};

/// Decimal places of a number as written, trailing zeros ignored.
fn decimals(v: Decimal) -> u32 {
    v.normalize().scale()
}

/// Volume limits: -1164 not positive, -1136 below the minimum, -1111 too many decimals, -1154
/// (MARKET) / -1137 (priced) above the maximum.
pub(crate) fn check_volume(
    cfg: &ContractConfig,
    kind: OrderKind,
    volume: Decimal,
) -> SimResult<()> {
    if volume <= Decimal::ZERO {
        return Err(SimError::with_arg(
            ErrorCode::OrderQuantityNotAboveMinimum,
            0,
        ));
    }
    if volume < cfg.min_order_volume {
        return Err(SimError::new(ErrorCode::OrderQuantityTooSmall));
    }
    if decimals(volume) > cfg.volume_precision {
        return Err(SimError::new(ErrorCode::BadPrecision));
    }
    if kind == OrderKind::Market {
        if volume > cfg.max_market_volume {
            return Err(SimError::new(ErrorCode::OrderQuantityExceedsMaximum));
        }
    } else if volume > cfg.max_limit_volume {
        return Err(SimError::new(ErrorCode::OrderQuantityTooLarge));
    }
    Ok(())
}

/// A price as written: -1138 not positive, -1150 more decimals than pricePrecision.
pub(crate) fn check_price(cfg: &ContractConfig, price: Decimal) -> SimResult<()> {
    if price <= Decimal::ZERO {
        return Err(SimError::new(ErrorCode::OrderPriceOutOfRange));
    }
    if decimals(price) > cfg.price_precision {
        return Err(SimError::with_arg(
            ErrorCode::TooManyDecimalPlaces,
            cfg.price_precision,
        ));
    }
    Ok(())
}

/// -1155: a priced order further from the mark price than the contract's band.
pub(crate) fn check_band(cfg: &ContractConfig, price: Decimal, mark: Decimal) -> SimResult<()> {
    if mark > Decimal::ZERO && (price - mark).abs() / mark > cfg.price_band {
        return Err(SimError::new(ErrorCode::PriceDeviatesFromLastTrade));
    }
    Ok(())
}
