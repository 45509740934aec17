//! What the shipped spec's server adds to the generic one: the risk gate of each client, the
//! day's realised result fed to the guard from each client's private stream, and the composite
//! tools.

use std::sync::Arc;

use contango::Client;
use contango::risk::RiskGuard;
use contango_cli::tools::Gate;

use crate::gate::RiskGate;
use crate::outcome::Late;
use crate::trader::Trader;
use crate::venue::Parts;

/// The gates and composite tools of the shipped spec's clients.
pub fn extend(
    clients: &[(&'static str, Client)],
    guard: &Arc<RiskGuard>,
    late: &Arc<Late>,
) -> Parts {
    let background = clients
        .iter()
        .map(|(_, client)| Box::pin(observe(client.clone(), guard.clone())) as _)
        .collect();
    let gated: Vec<(&'static str, Client, Arc<RiskGate>)> = clients
        .iter()
        .map(|(p, client)| {
            let gate = Arc::new(RiskGate::new(client.clone(), guard.clone()));
            (*p, client.clone(), gate)
        })
        .collect();
    let gates = gated
        .iter()
        .map(|(_, _, g)| g.clone() as Arc<dyn Gate>)
        .collect();
    Parts {
        background,
        gates,
        composites: Arc::new(Trader::new(gated, guard.clone(), late.clone())),
    }
}

/// Feeds `client`'s private stream to `guard` (fills and funding make the day's realised
/// result), for as long as the venue is used; reconnects as the stream does.
async fn observe(client: Client, guard: Arc<RiskGuard>) {
    let mut stream = match client.user_stream().connect().await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, "contango.mcp: no private stream: the day's loss is not tallied");
            return;
        }
    };
    while let Some(item) = stream.recv().await {
        if let contango::StreamItem::Event(event) = item {
            guard.observe(&event);
        }
    }
}
