//! A channel added to the spec becomes a typed subscription, a `MarketEvent` variant and, with
//! `history`, a typed request, with no change to the runtime.
contango::generate!("tests/ui/specs/market_channel_added.yaml");

use contango::{MarketMessage, MarketRequest as _, Subscription as _};

#[test]
fn an_added_channel_is_a_typed_subscription_event_and_history_request() {
    let channel = FundingChannel::new("E-BTC-USDT");
    assert_eq!(channel.name(), "market_e_btcusdt_funding");
    assert_eq!(
        MarketChannel::parse("market_e_btcusdt_funding"),
        Some(MarketChannel::Funding(channel.clone()))
    );
    let frame =
        br#"{"channel":"market_e_btcusdt_funding","tick":{"rate":"0.0001"},"ts":7,"status":"ok"}"#;
    match MarketStreamApi::decode_frame(frame) {
        Ok(MarketMessage::Event(MarketEvent::Funding(f))) => {
            assert_eq!(f.channel, channel);
            assert_eq!(f.tick.rate.to_string(), "0.0001");
            assert_eq!(f.ts, contango::Millis(7));
        }
        other => panic!("{other:?}"),
    }
    let request = channel.history().limit(10);
    assert_eq!(request.params(), vec![("limit", "10".to_owned())]);
    assert!(channel.history().limit(51).check().is_err());
    assert!(
        MarketChannel::from(DepthChannel::new("E-BTC-USDT", 3))
            .check()
            .is_ok()
    );
}
