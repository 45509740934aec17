//! A precheck of the user's own, named by its Rust path, runs before anything is sent (the
//! address is closed: only the precheck can answer), and `.prechecks(false)` skips it.
contango::generate!("tests/ui/specs/user_precheck.yaml");

pub mod checks {
    use super::{Client, Error, OrderRequest};

    pub async fn order(_: &Client, req: &OrderRequest) -> Result<(), Error> {
        Err(Error::Config(format!(
            "order {} refused by the precheck",
            req.order_id
        )))
    }
}

#[test]
fn a_users_own_precheck_runs_before_sending_unless_turned_off() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let client = |prechecks: bool| {
        Client::builder()
            .base_url("http://127.0.0.1:9")
            .credentials(contango::Credentials::new("key", "secret"))
            .timeout(std::time::Duration::from_secs(5))
            .retry_policy(contango::RetryPolicy::NONE)
            .prechecks(prechecks)
            .build()
            .expect("a client")
    };
    let refused = rt.block_on(client(true).order(42).send());
    assert!(
        matches!(&refused, Err(Error::Config(m)) if m == "order 42 refused by the precheck"),
        "{refused:?}"
    );
    let sent = rt.block_on(client(false).order(42).send());
    assert!(matches!(sent, Err(Error::Transport { .. })), "{sent:?}");
}
