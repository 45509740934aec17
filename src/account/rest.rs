//! What the watcher asks over REST: the snapshot (account and open orders), the lookups of
//! orders a snapshot no longer lists, and contract multipliers. Plain client calls, owned so
//! that they can run while the stream is being read.

use rust_decimal::Decimal;

use super::state::{Snapshot, Vanished};
use crate::{Client, Error, Order, RetryClass};

/// Takes a snapshot of the account and of the open orders of `contracts`.
pub(super) async fn snapshot(client: Client, contracts: Vec<String>) -> Result<Snapshot, Error> {
    // Before the first request: the server reads its state no earlier than this.
    let taken_ms = client.core().timestamp_ms();
    let account = client.account().send().await?;
    let mut open_orders = Vec::new();
    for contract in &contracts {
        for mut order in client.open_orders(contract.clone()).send().await? {
            order.contract_name.get_or_insert_with(|| contract.clone());
            open_orders.push(order);
        }
    }
    Ok(Snapshot {
        taken_ms,
        contracts,
        open_orders,
        account,
    })
}

/// Looks up each vanished order (a conditional one with `conditionOrder=true`): its record,
/// `Ok(None)` when the answer does not hold it.
pub(super) async fn lookup(
    client: Client,
    orders: Vec<Vanished>,
) -> Vec<(i64, Result<Option<Order>, Error>)> {
    let mut out = Vec::with_capacity(orders.len());
    for Vanished {
        contract,
        order_id: id,
        conditional,
    } in orders
    {
        let mut query = client.query_order(contract.clone()).order_id(id);
        if conditional {
            query = query.condition_order(true);
        }
        let answer = query.send().await;
        let found = answer.map(|list| {
            list.into_iter().find(|o| o.order_id == id).map(|mut o| {
                o.contract_name.get_or_insert(contract);
                o
            })
        });
        out.push((id, found));
    }
    out
}

/// What `/contracts` says of one contract.
pub(super) enum ContractInfo {
    /// Its multiplier (face value).
    Multiplier(Decimal),
    /// Not a contract of this client's product (refused, or not listed).
    Foreign,
}

/// The multiplier of `contract`.
pub(super) async fn contract(client: &Client, contract: &str) -> Result<ContractInfo, Error> {
    match crate::checks::facade_limits(client, contract).await {
        Ok(limits) => Ok(limits
            .and_then(|c| c.multiplier)
            .filter(|m| !m.is_zero())
            .map_or(ContractInfo::Foreign, ContractInfo::Multiplier)),
        // The server refused the name for good (another product's contract, an unknown one).
        Err(e) if e.code().is_some() && e.retry_class() == RetryClass::Never => {
            Ok(ContractInfo::Foreign)
        }
        Err(e) => Err(e),
    }
}
