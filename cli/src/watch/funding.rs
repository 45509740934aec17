//! The trading screen's funding line: the facade's [`FundingWatcher`] of one contract (REST,
//! polled no faster than every 5 s) as the view reads it.

use contango::Client;
use contango::funding::{FundingItem, FundingWatcher};

use super::view::Feed;
use super::view::state::{FundingLine, ViewState};

/// The funding watcher of one contract, as a [`Feed`].
#[derive(Debug)]
pub(super) struct FundingFeed {
    watcher: FundingWatcher,
}

impl FundingFeed {
    /// Polls `contract`'s mark price and funding through `client`.
    pub(super) fn start(client: Client, contract: &str) -> FundingFeed {
        FundingFeed {
            watcher: FundingWatcher::builder(client).contract(contract).start(),
        }
    }
}

impl Feed for FundingFeed {
    type Item = FundingItem;
    const ENDED: &'static str = "the funding watcher ended";

    async fn next(&mut self) -> Option<FundingItem> {
        self.watcher.next().await
    }

    fn note(&mut self, item: FundingItem, view: &mut ViewState) {
        let now = view.now_ms;
        let line = view.funding.get_or_insert_with(FundingLine::default);
        match item {
            FundingItem::Updated(f) => {
                let left = f
                    .until_funding()
                    .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
                *line = FundingLine {
                    mark: f.mark_price(),
                    index: f.index_price(),
                    rate: f.funding_rate(),
                    next_rate: f.next_funding_rate(),
                    due_ms: left.map(|l| now.saturating_add(l)),
                    at_ms: Some(now),
                    failed: None,
                };
            }
            FundingItem::Failed { error, .. } => line.failed = Some((error.to_string(), now)),
        }
    }

    fn refresh(&mut self, view: &mut ViewState) {
        view.funding.get_or_insert_with(FundingLine::default);
    }
}
