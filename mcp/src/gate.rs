//! The risk gate of the shipped spec's tools: every call passes it after its arguments are
//! checked and decoded, before anything is signed or sent. A new order is judged by the
//! account's [`RiskGuard`] with what the venue says of the contract and the account (read over
//! REST: the face value, the mark, the book for a market order, the position, the working
//! orders). While a margin coin is reducing-only (the day's loss limit reached), only what
//! reduces passes: closing orders, cancels, reads and transfers to the wallet; leverage and
//! margin changes and transfers into the contract account are refused.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use contango::risk::{Refusal, RiskGuard, Ticket, margin_coin};
use contango::{
    Client, EndpointMeta, LevelEditRequest, NewOrderRequest, PositionMarginRequest, Product,
    TransferRequest, TransferType,
};
use contango_cli::tools::{Gate, ToolError};

/// The gate of one product line's client.
#[derive(Debug)]
pub struct RiskGate {
    client: Client,
    guard: Arc<RiskGuard>,
    /// The contracts orders were judged for.
    contracts: std::sync::Mutex<std::collections::BTreeSet<String>>,
}

impl RiskGate {
    /// The gate of `client`'s calls, judged by `guard` (shared by every product line).
    pub fn new(client: Client, guard: Arc<RiskGuard>) -> RiskGate {
        RiskGate {
            client,
            guard,
            contracts: Default::default(),
        }
    }

    /// The contracts orders were judged for (whose working orders `account_state` reads).
    pub fn contracts(&self) -> Vec<String> {
        let set = self.contracts.lock().unwrap_or_else(|p| p.into_inner());
        set.iter().cloned().collect()
    }

    /// Judges `request`; with `commit`, a new order admitted counts toward the orders a minute
    /// (without: a dry run).
    pub async fn judge(
        &self,
        request: &(dyn Any + Send + Sync),
        commit: bool,
    ) -> Result<(), ToolError> {
        let now = self.client.core().timestamp_ms();
        let inverse = self.client.product() == Product::CoinMargined;
        if let Some(order) = request.downcast_ref::<NewOrderRequest>() {
            self.contracts
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(order.contract_name.clone());
            let ticket = Ticket::of(order);
            let exposure = contango::risk::exposure(&self.client, &ticket)
                .await
                .map_err(|e| {
                    ToolError::Refused(format!(
                        "the risk limits cannot be checked, so nothing was sent: {e}"
                    ))
                })?;
            let judged = if commit {
                self.guard.admit(&ticket, &exposure, now)
            } else {
                self.guard.check(&ticket, &exposure, now)
            };
            return judged.map_err(refused);
        }
        let reducing = |contract: &str| {
            let coin = margin_coin(contract, inverse);
            self.guard
                .reducing_only(&coin, None, now)
                .then(|| reducing_only(&coin))
        };
        let refusal = if let Some(r) = request.downcast_ref::<LevelEditRequest>() {
            reducing(&r.contract_name)
        } else if let Some(r) = request.downcast_ref::<PositionMarginRequest>() {
            reducing(&r.contract_name)
        } else if let Some(r) = request.downcast_ref::<TransferRequest>() {
            (r.transfer_type == TransferType::WalletToContract
                && self.guard.reducing_only(&r.coin_symbol, None, now))
            .then(|| reducing_only(&r.coin_symbol))
        } else {
            None
        };
        refusal.map_or(Ok(()), Err)
    }
}

fn refused(r: Refusal) -> ToolError {
    ToolError::Limit {
        limit: r.limit.name().to_owned(),
        value: r.value.normalize().to_string(),
        maximum: r.maximum.normalize().to_string(),
        unit: r.unit.clone(),
        message: r.to_string(),
    }
}

fn reducing_only(coin: &str) -> ToolError {
    ToolError::Refused(format!(
        "refused by the risk limit max_daily_loss: the day's realised loss in {coin} reached its \
         limit, so the account is reducing-only until 00:00 UTC (closing orders, cancels, reads \
         and transfers to the wallet pass); nothing was sent"
    ))
}

impl Gate for RiskGate {
    fn admit<'a>(
        &'a self,
        _: EndpointMeta,
        request: &'a (dyn Any + Send + Sync),
    ) -> Pin<Box<dyn Future<Output = Result<(), ToolError>> + Send + 'a>> {
        Box::pin(self.judge(request, true))
    }
}
