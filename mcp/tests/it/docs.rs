//! docs/agents.md lists the tools as the code has them (`UPDATE_SNAPSHOTS=1` rewrites the list).

use contango_cli::commands::Commands;
use contango_mcp::listing::markdown;
use contango_mcp::rehearsal;
use contango_mcp::trader::Trader;

#[test]
fn the_agents_guide_lists_every_tool() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/agents.md");
    let text = std::fs::read_to_string(path).expect("docs/agents.md");
    let (begin, end) = ("<!-- tools:begin -->\n", "<!-- tools:end -->");
    let start = text.find(begin).expect("the begin marker") + begin.len();
    let stop = text.find(end).expect("the end marker");
    let table = markdown::<Commands>(&[Trader::listing(), rehearsal::tools()].concat());
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        let updated = format!("{}{table}{}", &text[..start], &text[stop..]);
        std::fs::write(path, updated).expect("written");
        return;
    }
    assert_eq!(
        &text[start..stop],
        table,
        "docs/agents.md's tool list is out of date (UPDATE_SNAPSHOTS=1 rewrites it)"
    );
}
