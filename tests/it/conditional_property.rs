//! Random orders, conditional orders (standalone, on a position, attached to an entry) and
//! price moves against the simulator, seeded and bounded. Afterwards:
//! - a trigger fired at most once (one NEW after its INIT);
//! - of orders that cancel each other (attached to one parent, or naming one position), at most
//!   one fired;
//! - no conditional order outlived its position: every armed protective order still waiting
//!   has its position;
//! - the account watcher's view equals REST.
//!
//! `CONTANGO_CONDITIONAL_SEEDS=<n>` runs `n` seeds (default 4).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use contango::account::AccountWatcher;
use contango::{
    Client, Event, ExecutionType, NewOrderRequest, Open, OrderStatus, OrderType, PositionType,
    Side, StreamItem, TriggerOrderCreateParam, TriggerOrderType, TriggerPriceType, TriggerType,
    UserStream,
};
use contango_sim::Sim;
use contango_sim::SplitMix64;
use rust_decimal::Decimal;
use tokio::time::timeout;

use crate::account_watcher::{assert_view_is_rest, catch_up, drain, watcher};
use crate::sim_support::{d, order};

const BTC: &str = "E-BTC-USDT";

/// What the stream told, per order: its (execution type, status) updates in order.
#[derive(Debug, Default)]
struct Seen {
    updates: HashMap<i64, Vec<(ExecutionType, OrderStatus)>>,
}

impl Seen {
    async fn take(&mut self, stream: &mut UserStream, within: Duration) {
        let deadline = tokio::time::Instant::now() + within;
        while let Ok(Some(item)) = timeout(
            deadline.saturating_duration_since(tokio::time::Instant::now()),
            stream.recv(),
        )
        .await
        {
            if let StreamItem::Event(Event::OrderTradeUpdate(u)) = item {
                self.updates
                    .entry(u.order.order_id)
                    .or_default()
                    .push((u.order.execution_type, u.order.status));
            }
        }
    }

    /// Whether order `id` waited (INIT) and then fired (NEW, NEW).
    fn fired(&self, id: i64) -> bool {
        self.fires(id) > 0
    }

    /// How many times order `id` went from INIT to the order it placed.
    fn fires(&self, id: i64) -> usize {
        let Some(u) = self.updates.get(&id) else {
            return 0;
        };
        let waited = u.iter().any(|(_, s)| *s == OrderStatus::Init);
        if !waited {
            return 0;
        }
        u.iter()
            .filter(|(x, s)| *x == ExecutionType::New && *s == OrderStatus::New)
            .count()
    }
}

fn side_of(rng: &mut SplitMix64) -> Side {
    if rng.below(2) == 0 {
        Side::Buy
    } else {
        Side::Sell
    }
}

fn source_of(rng: &mut SplitMix64) -> TriggerPriceType {
    if rng.below(2) == 0 {
        TriggerPriceType::LastPrice
    } else {
        TriggerPriceType::MarkPrice
    }
}

/// A trigger price `k` ticks of 10 away from `price`, on the side a trigger of `kind` for an
/// order of `side` has not reached yet.
fn uncrossed(kind: TriggerType, side: &Side, price: Decimal, k: u64) -> Decimal {
    let rising = matches!(
        (kind, side),
        (TriggerType::StopLoss, Side::Buy) | (TriggerType::TakeProfit, Side::Sell)
    );
    let off = Decimal::from(10 * (1 + k));
    let p = if rising { price + off } else { price - off };
    (p / d("10")).round() * d("10")
}

fn kind_of(rng: &mut SplitMix64) -> TriggerType {
    if rng.below(2) == 0 {
        TriggerType::StopLoss
    } else {
        TriggerType::TakeProfit
    }
}

/// The account's open BTC positions: `(side, id, volume)`.
async fn positions(c: &Client) -> Vec<(Side, i64, Decimal)> {
    let a = c.account().send().await.expect("account");
    a.account
        .iter()
        .flat_map(|b| &b.position_vos)
        .filter(|g| g.contract_name == BTC)
        .flat_map(|g| &g.positions)
        .filter(|p| p.position_type == Some(PositionType::Cross))
        .filter_map(|p| Some((p.side.clone()?, p.id, p.volume?)))
        .filter(|(_, _, v)| !v.is_zero())
        .collect()
}

/// One random step; returns the ids of orders naming one position (a one-cancels-other group)
/// when it placed one.
async fn step(
    rng: &mut SplitMix64,
    sim: &Sim,
    w: &mut AccountWatcher,
    groups: &mut BTreeMap<i64, BTreeSet<i64>>,
    log: &mut Vec<String>,
) {
    let c = w.client().clone();
    let last = sim.last_price(BTC).expect("last");
    let mark = sim.mark_price(BTC).expect("mark");
    match rng.below(100) {
        // An entry with a stop loss and a take profit attached.
        0..=19 => {
            let side = side_of(rng);
            let limit = rng.below(2) == 0;
            let entry = if limit {
                last + Decimal::from(rng.symmetric(3)) * d("10")
            } else {
                last
            };
            let mut r = NewOrderRequest::new(order(
                BTC,
                side.clone(),
                if limit {
                    OrderType::Limit
                } else {
                    OrderType::Market
                },
                Open::Open,
                &(1 + rng.below(4)).to_string(),
                &entry.to_string(),
            ));
            let exit = if side == Side::Buy {
                Side::Sell
            } else {
                Side::Buy
            };
            let bracket = |kind, k| TriggerOrderCreateParam {
                client_order_id: None,
                trigger_type: kind,
                trigger_price_type: TriggerPriceType::LastPrice,
                trigger_price: uncrossed(kind, &exit, entry, k),
                order_type: OrderType::Market,
                price: Decimal::ZERO,
            };
            r.trigger_order_create_params = Some(vec![
                bracket(TriggerType::StopLoss, rng.below(8)),
                bracket(TriggerType::TakeProfit, rng.below(8)),
            ]);
            let placed = w.place(r).await;
            log.push(format!("entry {side:?} limit={limit} @{entry}: {placed:?}"));
        }
        // A protective order on an open position: plain, named by id, or closing it whole.
        20..=39 => {
            let open = positions(&c).await;
            let Some((pside, pid, volume)) = open
                .get(rng.below(open.len().max(1) as u64) as usize)
                .cloned()
            else {
                return;
            };
            let side = if pside == Side::Buy {
                Side::Sell
            } else {
                Side::Buy
            };
            let kind = kind_of(rng);
            let source = source_of(rng);
            let current = if source == TriggerPriceType::MarkPrice {
                mark
            } else {
                last
            };
            let mut r = NewOrderRequest::new(order(
                BTC,
                side.clone(),
                OrderType::Market,
                Open::Close,
                &volume.min(Decimal::from(1 + rng.below(3))).to_string(),
                "0",
            ));
            r.condition_order = Some(true);
            r.trigger_type = Some(kind);
            r.trigger_price_type = Some(source);
            r.trigger_price = Some(uncrossed(kind, &side, current, rng.below(10)));
            let how = rng.below(3);
            match how {
                0 => r.position_id = Some(pid),
                1 => r.trigger_order_type = Some(TriggerOrderType::Position),
                _ => {}
            }
            let placed = c.send(&r).await;
            if let (0, Ok(ack)) = (how, &placed) {
                groups.entry(pid).or_default().insert(ack.order_id);
            }
            log.push(format!("protect {pid} {kind:?} how={how}: {placed:?}"));
        }
        // A conditional order that opens.
        40..=47 => {
            let side = side_of(rng);
            let kind = kind_of(rng);
            let source = source_of(rng);
            let current = if source == TriggerPriceType::MarkPrice {
                mark
            } else {
                last
            };
            let mut r = NewOrderRequest::new(order(
                BTC,
                side.clone(),
                OrderType::Market,
                Open::Open,
                "1",
                "0",
            ));
            r.condition_order = Some(true);
            r.trigger_type = Some(kind);
            r.trigger_price_type = Some(source);
            r.trigger_price = Some(uncrossed(kind, &side, current, rng.below(10)));
            let placed = c.send(&r).await;
            log.push(format!("conditional open {side:?} {kind:?}: {placed:?}"));
        }
        // The prices move: a trade prints, or the mark moves (within 2 % of 30000).
        48..=72 => {
            let to = (d("30000") + Decimal::from(rng.symmetric(60)) * d("10")).round_dp(0);
            if rng.below(2) == 0 {
                let r = sim.print_trade(BTC, side_of(rng), to, d("1"));
                log.push(format!("trade @{to}: {r:?}"));
            } else {
                let r = sim.set_mark_price(BTC, to);
                log.push(format!("mark {to}: {r:?}"));
            }
        }
        // Close part of a position by hand.
        73..=80 => {
            let open = positions(&c).await;
            if let Some((pside, _, volume)) = open.first().cloned() {
                let side = if pside == Side::Buy {
                    Side::Sell
                } else {
                    Side::Buy
                };
                let v = volume.min(Decimal::from(1 + rng.below(3)));
                let r = c
                    .new_order(order(
                        BTC,
                        side,
                        OrderType::Market,
                        Open::Close,
                        &v.to_string(),
                        "0",
                    ))
                    .send()
                    .await;
                log.push(format!("close {v}: {}", r.is_ok()));
            }
        }
        // Cancel a waiting conditional order or a working one.
        81..=88 => {
            let waiting: Vec<i64> = w
                .conditional_orders()
                .iter()
                .map(|o| o.order.order_id)
                .collect();
            let working: Vec<i64> = w.open_orders().iter().map(|o| o.order.order_id).collect();
            if rng.below(2) == 0 {
                if let Some(id) = waiting.get(rng.below(waiting.len().max(1) as u64) as usize) {
                    let r = c
                        .cancel_order(BTC)
                        .order_id(*id)
                        .condition_order(true)
                        .send()
                        .await;
                    log.push(format!("cancel conditional {id}: {}", r.is_ok()));
                }
            } else if let Some(id) = working.get(rng.below(working.len().max(1) as u64) as usize) {
                let r = c.cancel_order(BTC).order_id(*id).send().await;
                log.push(format!("cancel {id}: {}", r.is_ok()));
            }
        }
        // The market maker refills both sides around the last price.
        _ => {
            for side in [Side::Buy, Side::Sell] {
                let off = Decimal::from(1 + rng.below(3)) * d("10");
                let p = if side == Side::Buy {
                    last - off
                } else {
                    last + off
                };
                let _ = sim.add_liquidity(BTC, side, p, d("20"));
            }
            log.push("refill".into());
        }
    }
    drain(w, Duration::from_millis(rng.below(30))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_conditional_orders_fire_once_cancel_each_other_and_die_with_their_position() {
    let seeds: u64 = std::env::var("CONTANGO_CONDITIONAL_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let started = std::time::Instant::now();
    let (mut fired_in_all, mut parents, mut cancelled) = (0, 0, 0);
    for seed in 0..seeds {
        let sim = crate::sim_support::sim().await;
        sim.print_trade(BTC, Side::Buy, d("30000"), d("1"))
            .expect("print");
        let mut w = watcher(&sim, Some(Duration::from_millis(700))).await;
        let mut stream = w.client().user_stream().connect().await.expect("stream");
        let mut rng = SplitMix64::new(0x5709_1055 ^ seed);
        let mut groups = BTreeMap::new();
        let mut log = Vec::new();
        let mut seen = Seen::default();
        for _ in 0..40 {
            step(&mut rng, &sim, &mut w, &mut groups, &mut log).await;
            seen.take(&mut stream, Duration::from_millis(5)).await;
        }
        catch_up(&mut w, &sim).await;
        seen.take(&mut stream, Duration::from_millis(300)).await;
        let context = format!("seed {seed}; steps:\n{}", log.join("\n"));
        let c = w.client().clone();

        // A trigger fires at most once.
        for id in seen.updates.keys() {
            assert!(
                seen.fires(*id) <= 1,
                "{context}\norder {id}: {:?}",
                seen.updates[id]
            );
        }
        fired_in_all += seen.updates.keys().filter(|id| seen.fired(**id)).count();
        cancelled += seen
            .updates
            .values()
            .filter(|u| {
                u.first() == Some(&(ExecutionType::New, OrderStatus::Init))
                    && u.last().is_some_and(|(_, s)| *s == OrderStatus::Cancelled)
            })
            .count();
        // Orders that cancel each other never both fire: attached to one parent...
        for parent in seen.updates.keys() {
            let children: Vec<i64> = c
                .query_order(BTC)
                .order_id(*parent)
                .send()
                .await
                .ok()
                .into_iter()
                .flatten()
                .flat_map(|o| o.child_orders.unwrap_or_default())
                .map(|o| o.order_id)
                .collect();
            let fired = children.iter().filter(|id| seen.fired(**id)).count();
            assert!(
                fired <= 1,
                "{context}\nparent {parent}: {children:?} fired {fired}"
            );
            parents += usize::from(!children.is_empty());
        }
        // ... or naming one position.
        for (pid, members) in &groups {
            let fired = members.iter().filter(|id| seen.fired(**id)).count();
            assert!(
                fired <= 1,
                "{context}\nposition {pid}: {members:?} fired {fired}"
            );
        }
        // No protective order outlives its position: each one still waiting and armed (an
        // attached one once its parent filled) has a position on the side it closes.
        let open = positions(&c).await;
        for o in c.open_orders(BTC).send().await.expect("open orders") {
            let armed = o.orig_qty.is_some_and(|q| !q.is_zero())
                || o.trigger_order_type == Some(TriggerOrderType::Position);
            if o.status == Some(OrderStatus::Init) && o.action == Some(Open::Close) && armed {
                let long = o.side == Some(Side::Sell);
                let has = open.iter().any(|(s, _, _)| (*s == Side::Buy) == long);
                assert!(has, "{context}\n{o:?} waits without its position {open:?}");
            }
        }
        // The watcher saw it all.
        assert_view_is_rest(&mut w, &context).await;
        stream.shutdown().await.expect("stream");
        w.shutdown().await.expect("shutdown");
        sim.shutdown().await;
    }
    eprintln!(
        "{seeds} seeds in {:?}: {fired_in_all} triggers fired, {cancelled} conditional orders \
         cancelled, {parents} entries with attached orders",
        started.elapsed()
    );
    assert!(
        fired_in_all > 0 && cancelled > 0 && parents > 0,
        "nothing to check"
    );
}
