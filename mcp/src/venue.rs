//! A venue the tools trade on: a client per product line with the gate its calls pass, the
//! composite tools over those clients, and the tasks that feed the risk guard. The server has
//! its own (paper or live); a rehearsal opens another, on its driven simulator.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use contango::risk::RiskGuard;
use contango_cli::target::Target;
use contango_cli::tools::{Gate, Open, ToolError};
use contango_cli::{Api, Failure};
use serde_json::Value;

use crate::composite::Composites;
use crate::outcome::Late;

/// The argument naming the product line (the generator's `cli_names::PRODUCT_ARG`).
pub const PRODUCT_ARG: &str = "product";

/// What a spec's server adds to the generic one, made from its clients (one per product line,
/// the default first), the account's risk guard and the outcomes of cancelled calls.
pub type Extend<A> =
    fn(&[(&'static str, <A as Api>::Client)], &Arc<RiskGuard>, &Arc<Late>) -> Parts;

/// The gates of a spec's clients (one per product line, in order) and its composite tools.
pub struct Parts {
    /// The gate of each client's calls; none given: every call is admitted (the risk limits
    /// need a spec's types to read its orders).
    pub gates: Vec<Arc<dyn Gate>>,
    /// The tools beside the endpoints.
    pub composites: Arc<dyn Composites>,
    /// Work that runs beside the calls for as long as the venue is used (feeding the guard
    /// from the private stream); not started yet.
    pub background: Vec<Pin<Box<dyn Future<Output = ()> + Send>>>,
}

impl std::fmt::Debug for Parts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parts")
            .field("gates", &self.gates.len())
            .finish_non_exhaustive()
    }
}

/// A client per product line of `target`, the default first.
pub fn clients<A: Api>(target: &Target) -> Result<Vec<(&'static str, A::Client)>, Failure> {
    A::PRODUCTS
        .iter()
        .map(|p| Ok((p.short(), A::client(&target.clone().product_line(p.key))?)))
        .collect()
}

/// The clients of one venue with their gates, and the composite tools over them. Its tasks
/// stop when it is dropped (or [`Venue::stop`]ped).
pub struct Venue<A: Api> {
    clients: Vec<(&'static str, A::Client, Arc<dyn Gate>)>,
    composites: Arc<dyn Composites>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl<A: Api> std::fmt::Debug for Venue<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Venue")
            .field("clients", &self.clients.len())
            .finish_non_exhaustive()
    }
}

impl<A: Api> Venue<A> {
    /// The venue of `clients` (one per product line, the default first): `extend` gives their
    /// gates (one `guard` over all of them), the composite tools and the background work,
    /// started here (within a tokio runtime).
    pub fn new(
        clients: Vec<(&'static str, A::Client)>,
        extend: Extend<A>,
        guard: &Arc<RiskGuard>,
        late: &Arc<Late>,
    ) -> Venue<A> {
        let parts = extend(&clients, guard, late);
        Venue::gated(clients, parts, true)
    }

    /// The venue of `clients` with the gates and composite tools of `parts` (a client without
    /// a gate admits every call), its background work started or not.
    pub fn gated(
        clients: Vec<(&'static str, A::Client)>,
        parts: Parts,
        background: bool,
    ) -> Venue<A> {
        let open: Arc<dyn Gate> = Arc::new(Open);
        let clients = clients
            .into_iter()
            .enumerate()
            .map(|(i, (short, client))| {
                let gate = parts.gates.get(i).cloned().unwrap_or_else(|| open.clone());
                (short, client, gate)
            })
            .collect();
        let tasks = if background {
            parts.background.into_iter().map(tokio::spawn).collect()
        } else {
            Vec::new()
        };
        Venue {
            clients,
            composites: parts.composites,
            tasks,
        }
    }

    /// The composite tools over this venue's clients.
    pub fn composites(&self) -> &dyn Composites {
        &*self.composites
    }

    /// The product (its short name), client and gate an argument names (the default one
    /// without it).
    pub fn client(
        &self,
        product: Option<&Value>,
    ) -> Result<(&'static str, &A::Client, &dyn Gate), ToolError> {
        let Some((short, first, gate)) = self.clients.first() else {
            return Err(ToolError::Refused("no client".into()));
        };
        match product.and_then(Value::as_str) {
            None => Ok((short, first, &**gate)),
            Some(name) => self
                .clients
                .iter()
                .find(|(short, _, _)| short.eq_ignore_ascii_case(name))
                .map(|(s, c, g)| (*s, c, &**g))
                .ok_or_else(|| ToolError::Argument {
                    field: PRODUCT_ARG.into(),
                    reason: format!("no product line `{name}`"),
                }),
        }
    }

    /// Stops the venue's tasks (before the simulator they read from stops).
    pub fn stop(&self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl<A: Api> Drop for Venue<A> {
    fn drop(&mut self) {
        self.stop();
    }
}
