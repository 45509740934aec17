//! The views drawn: [`render`] is a function of the [`ViewState`] alone, onto a ratatui frame
//! of any size. What does not fit is clipped or left out by priority, never scrolled off: the
//! first line is always the title, lists show the rows their panel has room for (the rest are
//! counted, and the arrow keys move through them), columns of a table are dropped least needed
//! first, a ladder's bars shrink before its prices do. Colour is never the only mark: a side
//! says `ask` or `bid`, a move has an arrow, a size change a `+` or `-`, a fill a star.

use ratatui_core::buffer::Buffer;
use ratatui_core::layout::Rect;
use ratatui_core::style::{Color, Modifier, Style};
use ratatui_core::terminal::Frame;
use ratatui_core::text::{Line, Span, Text};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::state::{
    AccountPanel, BookPanel, ConditionalRow, FillRow, FundingLine, Level, OrderRow, Panel,
    PositionRow, Screen, Tick, Trigger, ViewState, Watched,
};
use crate::watch::text::{clock_ms, num, since};

/// From this width the trading screen shows its panels side by side; below it, one at a time.
pub const WIDE: u16 = 100;
/// How far back the mid's sparkline reaches.
pub const SPARK_MS: i64 = 5 * 60_000;
/// Rows of the sparkline's panel (its heading and the bars).
const SPARK_ROWS: u16 = 5;
/// Cells of the longest bar of the ladder.
const BAR_MAX: usize = 40;
/// A bar's last cell in eighths.
const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
/// A fill this recent is highlighted.
const FRESH_FILL_MS: i64 = 10_000;
/// The fewest rows the panel that takes the rest keeps before the others get theirs.
const FLEX_MIN: u16 = 4;
/// The left column of the wide trading screen (the ladder and the sparkline) at most.
const LADDER_WIDTH: u16 = 48;

/// Where each part of one drawing goes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Areas {
    /// The title, the status line and the last notice.
    pub header: Rect,
    /// The narrow trading screen's tabs.
    pub tabs: Option<Rect>,
    /// The panels shown, each with its place: a heading line, a column line, then its rows.
    pub panels: Vec<(Panel, Rect)>,
    /// The mid's sparkline.
    pub spark: Option<Rect>,
    /// The keys.
    pub footer: Option<Rect>,
}

/// How `area` is shared out for `v`.
pub fn areas(v: &ViewState, area: Rect) -> Areas {
    let mut rest = area;
    let header_rows = 2 + u16::from(v.funding.is_some()) + u16::from(v.notice.is_some());
    let header = take_top(&mut rest, header_rows);
    let footer = (rest.height >= 4).then(|| take_bottom(&mut rest, 1));
    let mut out = Areas {
        header,
        footer,
        ..Areas::default()
    };
    let wanted = |panel: Panel, cap: usize| {
        let rows = v.rows(panel).clamp(1, cap.max(1));
        u16::try_from(rows + 2).unwrap_or(u16::MAX)
    };
    match v.screen {
        Screen::Book => out.panels.push((Panel::Book, rest)),
        Screen::Account => {
            // The open orders take what the positions (a quarter at most) and the balances (an
            // eighth) leave.
            let (positions, balances) =
                (usize::from(rest.height / 4), usize::from(rest.height / 8));
            out.panels = stack(
                rest,
                &[
                    (Panel::Positions, wanted(Panel::Positions, positions)),
                    (Panel::Orders, 0),
                    (Panel::Balances, wanted(Panel::Balances, balances)),
                ],
            );
        }
        Screen::Trade if area.width >= WIDE => {
            let width = LADDER_WIDTH.min(rest.width / 2);
            let mut left = take_left(&mut rest, width);
            // One column between the two sides.
            take_left(&mut rest, 1);
            if left.height >= 3 * SPARK_ROWS {
                out.spark = Some(take_bottom(&mut left, SPARK_ROWS));
            }
            out.panels.push((Panel::Book, left));
            let cap = usize::from(rest.height / 5);
            out.panels.extend(stack(
                rest,
                &[
                    (Panel::Positions, wanted(Panel::Positions, cap)),
                    (Panel::Orders, 0),
                    (Panel::Conditional, wanted(Panel::Conditional, cap)),
                    (Panel::Fills, wanted(Panel::Fills, cap)),
                ],
            ));
        }
        Screen::Trade => {
            out.tabs = Some(take_top(&mut rest, 1));
            if v.focus == Panel::Book && rest.height >= 3 * SPARK_ROWS {
                out.spark = Some(take_bottom(&mut rest, SPARK_ROWS));
            }
            out.panels.push((v.focus, rest));
        }
    }
    out
}

/// The rows `panel`'s list shows in `area` (0 when the panel is not shown).
pub fn visible(v: &ViewState, area: Rect, panel: Panel) -> usize {
    areas(v, area)
        .panels
        .iter()
        .find(|(p, _)| *p == panel)
        .map_or(0, |(_, r)| usize::from(r.height.saturating_sub(2)))
}

/// Draws `v` on `frame`.
pub fn render(v: &ViewState, frame: &mut Frame<'_>) {
    let a = areas(v, frame.area());
    frame.render_widget(Text::from(header(v)), a.header);
    if let Some(tabs) = a.tabs {
        frame.render_widget(Text::from(tab_line(v)), tabs);
    }
    for (panel, rect) in &a.panels {
        let lines = match panel {
            Panel::Book => v.book.as_ref().map(|b| ladder(v, b, *rect)),
            _ => v.account.as_ref().map(|acc| list(v, acc, *panel, *rect)),
        };
        frame.render_widget(Text::from(lines.unwrap_or_default()), *rect);
    }
    if let (Some(rect), Some(book)) = (a.spark, &v.book) {
        spark(frame, v, book, rect);
    }
    if let Some(footer) = a.footer {
        frame.render_widget(Text::from(keys(v)), footer);
    }
}

/// Splits `area` top to bottom among `parts`: each a panel and the rows it wants (0: the one
/// that takes the rest, kept at [`FLEX_MIN`] before the others are served in order).
fn stack(area: Rect, parts: &[(Panel, u16)]) -> Vec<(Panel, Rect)> {
    let mut left = area.height.saturating_sub(FLEX_MIN);
    let mut heights: Vec<u16> = parts
        .iter()
        .map(|(_, want)| {
            let h = (*want).min(left);
            left -= h;
            h
        })
        .collect();
    let fixed: u16 = heights.iter().sum();
    if let Some(flex) = parts.iter().position(|(_, want)| *want == 0) {
        heights[flex] = area.height.saturating_sub(fixed);
    }
    let mut y = area.y;
    parts
        .iter()
        .zip(heights)
        .filter(|(_, h)| *h > 0)
        .map(|((panel, _), h)| {
            let r = Rect::new(area.x, y, area.width, h);
            y += h;
            (*panel, r)
        })
        .collect()
}

fn take_top(r: &mut Rect, rows: u16) -> Rect {
    let rows = rows.min(r.height);
    let top = Rect::new(r.x, r.y, r.width, rows);
    r.y += rows;
    r.height -= rows;
    top
}

fn take_bottom(r: &mut Rect, rows: u16) -> Rect {
    let rows = rows.min(r.height);
    r.height -= rows;
    Rect::new(r.x, r.y + r.height, r.width, rows)
}

fn take_left(r: &mut Rect, cols: u16) -> Rect {
    let cols = cols.min(r.width);
    let left = Rect::new(r.x, r.y, cols, r.height);
    r.x += cols;
    r.width -= cols;
    left
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn dim() -> Style {
    Style::default().add_modifier(Modifier::DIM)
}

fn coloured(c: Color) -> Style {
    Style::default().fg(c).add_modifier(Modifier::BOLD)
}

/// The arrow of a move, and its colour.
fn tick(t: Tick) -> Span<'static> {
    match t {
        Tick::Up => Span::styled("▲", coloured(Color::Green)),
        Tick::Down => Span::styled("▼", coloured(Color::Red)),
        Tick::Flat => Span::raw("="),
    }
}

/// `+12.5` or `-0.03`: a signed amount, green or red, the sign saying it without the colour.
fn signed(d: Option<Decimal>) -> String {
    match d {
        Some(d) if d > Decimal::ZERO => format!("+{}", d.normalize()),
        d => num(d),
    }
}

/// The title line, the status line and the notice.
fn header(v: &ViewState) -> Vec<Line<'static>> {
    // The clock before the target, whose address may be cut at the edge.
    let mut title = vec![Span::styled(v.title.clone(), bold())];
    if v.screen != Screen::Book {
        title.push(Span::raw(format!(
            "  {} UTC",
            clock_ms(v.now_ms).get(..8).unwrap_or_default()
        )));
    }
    title.push(Span::raw(format!("  {}", v.target)));
    let mut status: Vec<Span<'static>> = Vec::new();
    let sep = |status: &mut Vec<Span<'static>>| {
        if !status.is_empty() {
            status.push(Span::raw(" · "));
        }
    };
    if let Some(book) = &v.book {
        match &book.ladder {
            Some(l) => {
                if v.screen == Screen::Book {
                    status.push(Span::raw(match l.exchange_ms {
                        0 => "no exchange time".to_owned(),
                        t => format!("exchange {} UTC ({} ago)", clock_ms(t), since(t, v.now_ms)),
                    }));
                }
                if let Some(mid) = l.mid() {
                    sep(&mut status);
                    status.push(Span::raw(format!("mid {} ", mid.normalize())));
                    status.push(tick(book.tick));
                }
            }
            None => status.push(Span::raw(format!("waiting for {}", book.contract))),
        }
        if let Some(why) = &book.stale {
            sep(&mut status);
            status.push(Span::styled(format!("STALE: {why}"), coloured(Color::Red)));
        }
    }
    if let Some(acc) = &v.account {
        sep(&mut status);
        status.push(match acc.reconciled {
            true => Span::styled("✓ reconciled", coloured(Color::Green)),
            false => Span::styled("✗ not reconciled", coloured(Color::Yellow)),
        });
        sep(&mut status);
        status.push(Span::raw(match acc.last_event_ms {
            Some(at) => format!("last event {} ago", since(at, v.now_ms)),
            None => "no event yet".to_owned(),
        }));
        if let Some((text, at)) = &acc.reconciliation {
            sep(&mut status);
            status.push(Span::raw(format!(
                "last reconciliation {text} ({} ago)",
                since(*at, v.now_ms)
            )));
        }
    }
    let mut lines = vec![Line::from(title), Line::from(status)];
    if let Some(f) = &v.funding {
        lines.push(funding_line(f, v.now_ms));
    }
    if let Some((text, at)) = &v.notice {
        lines.push(Line::styled(
            format!("{text} ({} ago)", since(*at, v.now_ms)),
            coloured(Color::Yellow),
        ));
    }
    lines
}

/// The funding rate and the countdown to the next funding, the next rate, the mark and index
/// prices; a failed poll after them, until an answer comes.
fn funding_line(f: &FundingLine, now_ms: i64) -> Line<'static> {
    let mut spans = Vec::new();
    match f.at_ms {
        None => spans.push(Span::styled("funding: waiting for the first answer", dim())),
        Some(_) => {
            let rate = |r: Option<Decimal>| {
                r.map_or("–".to_owned(), |r| {
                    let pct = (r * Decimal::ONE_HUNDRED).normalize();
                    if pct > Decimal::ZERO {
                        format!("+{pct}%")
                    } else {
                        format!("{pct}%")
                    }
                })
            };
            // What a narrow terminal keeps first: the rate and the countdown.
            spans.push(Span::raw("funding "));
            spans.push(Span::styled(rate(f.rate), bold()));
            if let Some(due) = f.due_ms {
                spans.push(Span::raw(format!(
                    " in {}",
                    countdown(due.saturating_sub(now_ms))
                )));
            }
            spans.push(Span::raw(format!(
                " (next {}) · mark {} · index {}",
                rate(f.next_rate),
                num(f.mark),
                num(f.index)
            )));
        }
    }
    if let Some((why, at)) = &f.failed {
        spans.push(Span::styled(
            format!(" · ✗ {why} ({} ago)", since(*at, now_ms)),
            coloured(Color::Yellow),
        ));
    }
    Line::from(spans)
}

/// `ms` as hours, minutes and seconds: `7h 05m 09s`, `5m 09s`, `9s`; `now` once passed.
fn countdown(ms: i64) -> String {
    if ms <= 0 {
        return "now".to_owned();
    }
    let s = (ms + 999) / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    match (h, m) {
        (0, 0) => format!("{s}s"),
        (0, _) => format!("{m}m {s:02}s"),
        _ => format!("{h}h {m:02}m {s:02}s"),
    }
}

/// The narrow trading screen's tabs: the one shown in brackets and reversed.
fn tab_line(v: &ViewState) -> Line<'static> {
    let mut spans = Vec::new();
    for panel in v.screen.panels() {
        let label = match panel {
            Panel::Book => panel.name().to_owned(),
            p => format!("{} {}", p.name(), v.rows(*p)),
        };
        spans.push(match *panel == v.focus {
            true => Span::styled(
                format!("[{label}]"),
                bold().add_modifier(Modifier::REVERSED),
            ),
            false => Span::raw(format!(" {label} ")),
        });
    }
    Line::from(spans)
}

/// The keys, and whether a replay is over.
fn keys(v: &ViewState) -> Line<'static> {
    let mut text = String::new();
    if v.played_out {
        text.push_str("recording played out · ");
    }
    text.push_str("q quit");
    if v.screen.panels().len() > 1 {
        text.push_str(" · Tab panel");
    }
    text.push_str(" · ↑↓ PgUp PgDn scroll");
    Line::styled(text, dim())
}

/// A panel's first line: its name, focus mark and which rows show.
fn heading(v: &ViewState, panel: Panel, title: String, shown: (usize, usize)) -> Line<'static> {
    let total = v.rows(panel);
    let focused = v.focus == panel && v.screen.panels().len() > 1;
    let mut spans = vec![Span::styled(
        format!("{}{title}", if focused { "▸ " } else { "" }),
        match focused {
            true => bold().add_modifier(Modifier::UNDERLINED),
            false => bold(),
        },
    )];
    let (from, count) = shown;
    if count < total {
        spans.push(Span::styled(
            format!(
                "  rows {}–{} of {total} {}",
                from + 1,
                from + count,
                match (from > 0, from + count < total) {
                    (true, true) => "↑↓",
                    (true, false) => "↑",
                    _ => "↓",
                }
            ),
            dim(),
        ));
    }
    Line::from(spans)
}

/// The first row and the count of rows shown of `total` in `room` rows scrolled to `offset`.
fn window(total: usize, room: usize, offset: i64) -> (usize, usize) {
    let max = total.saturating_sub(room);
    let from = usize::try_from(offset.max(0)).unwrap_or(0).min(max);
    (from, total.min(room))
}

/// The ladder: asks (worst at the top) above bids (best at the top), the spread and mid between,
/// sizes as bars scaled to the largest level shown, a size's change marked `+` or `-`, and on
/// the trading screen our working orders' volume at their price (`◆2`).
fn ladder(v: &ViewState, b: &BookPanel, rect: Rect) -> Vec<Line<'static>> {
    let room = usize::from(rect.height.saturating_sub(2));
    let Some(l) = &b.ladder else {
        return vec![
            Line::styled(
                format!("{} · {} levels a side", b.contract, b.levels),
                bold(),
            ),
            Line::raw(format!("waiting for the first book of {}…", b.contract)),
        ];
    };
    // The rows top to bottom; the spread's is `None`.
    let rows: Vec<Option<(&str, &Level)>> = l
        .asks
        .iter()
        .rev()
        .map(|x| Some(("ask", x)))
        .chain([None])
        .chain(l.bids.iter().map(|x| Some(("bid", x))))
        .collect();
    let total = rows.len();
    // Centred on the spread's row, moved by the scroll.
    let centre = i64::try_from(l.asks.len()).unwrap_or(0) - i64::try_from(room / 2).unwrap_or(0)
        + v.scroll[Panel::Book.index()];
    let (from, count) = window(total, room, centre);
    let shown = &rows[from..from + count];
    let levels = || shown.iter().flatten().map(|(_, x)| *x);
    let scale = |f: fn(&Level) -> Decimal| levels().map(|x| f(x).normalize().scale()).max();
    let (ps, ss) = (
        scale(|x| x.price).unwrap_or(0),
        scale(|x| x.size).unwrap_or(0),
    );
    let pw = levels()
        .map(|x| fixed(x.price, ps).len())
        .max()
        .unwrap_or(0)
        .max(5);
    let sw = levels()
        .map(|x| fixed(x.size, ss).len())
        .max()
        .unwrap_or(0)
        .max(4);
    let mine = |price: Decimal| match v.screen {
        Screen::Trade => b.mine.get(&price).map(|q| format!("◆{}", q.normalize())),
        _ => None,
    };
    let mw = levels()
        .filter_map(|x| mine(x.price))
        .map(|m| m.chars().count())
        .max();
    let mw = mw.map_or(0, |w| w + 1);
    let largest = levels().map(|x| x.size).max().unwrap_or_default();
    let bar_room = usize::from(rect.width).saturating_sub(3 + 2 + pw + 2 + sw + 2 + mw);
    let bar_width = bar_room.min(BAR_MAX);
    let have = l.asks.len().max(l.bids.len());
    let title = match have < b.levels {
        true => format!("{} · {have} levels a side ({} asked)", b.contract, b.levels),
        false => format!("{} · {} levels a side", b.contract, b.levels),
    };
    let mut out = vec![
        heading(v, Panel::Book, title, (from, count)),
        Line::styled(format!("     {:>pw$}  {:>sw$}", "price", "size"), dim()),
    ];
    for row in shown {
        out.push(match row {
            Some((side, x)) => {
                let colour = if *side == "ask" {
                    Color::Red
                } else {
                    Color::Green
                };
                let change = match x.change {
                    Tick::Up => "+",
                    Tick::Down => "-",
                    Tick::Flat => " ",
                };
                let mut spans = vec![
                    Span::styled(side.to_string(), coloured(colour)),
                    Span::raw(format!(
                        "  {:>pw$}  {:>sw$}{change} ",
                        fixed(x.price, ps),
                        fixed(x.size, ss)
                    )),
                ];
                if mw > 0 {
                    let m = mine(x.price).unwrap_or_default();
                    spans.push(Span::styled(format!("{m:<w$} ", w = mw - 1), bold()));
                }
                spans.push(Span::styled(
                    bar(x.size, largest, bar_width),
                    coloured(colour),
                ));
                Line::from(spans)
            }
            None => {
                let mut spans = vec![Span::raw(match (l.spread(), l.mid()) {
                    (Some(spread), Some(mid)) => {
                        let bps = (spread * Decimal::from(10_000))
                            .checked_div(mid)
                            .map_or_else(
                                || "-".to_owned(),
                                |b| b.round_dp(1).normalize().to_string(),
                            );
                        format!(
                            "     spread {} ({bps} bps) · mid {} ",
                            spread.normalize(),
                            mid.normalize()
                        )
                    }
                    _ => "     no spread: a side is empty".to_owned(),
                })];
                if l.mid().is_some() {
                    spans.push(tick(b.tick));
                }
                Line::from(spans)
            }
        });
    }
    out
}

/// `d` with exactly `scale` decimals (never fewer digits than it has: `scale` is the largest).
fn fixed(d: Decimal, scale: u32) -> String {
    let mut d = d.normalize();
    d.rescale(scale);
    d.to_string()
}

/// `size`'s bar: `width` cells for `largest`, in eighths of a cell, at least one eighth.
fn bar(size: Decimal, largest: Decimal, width: usize) -> String {
    if size <= Decimal::ZERO || largest <= Decimal::ZERO || width == 0 {
        return String::new();
    }
    let cells = u32::try_from(width).unwrap_or(0);
    let eighths = (size * Decimal::from(cells * 8))
        .checked_div(largest)
        .and_then(|e| e.floor().to_u32())
        .unwrap_or(0)
        .clamp(1, cells * 8);
    let full = usize::try_from(eighths / 8).unwrap_or(0);
    let part = EIGHTHS
        .get(usize::try_from(eighths % 8).unwrap_or(0))
        .copied()
        .unwrap_or_default();
    format!("{}{part}", "█".repeat(full))
}

/// The mid's sparkline over the last [`SPARK_MS`]: one bar a time slice, the last mid of each
/// (carried over slices without a book), scaled between the lowest and highest shown.
fn spark(frame: &mut Frame<'_>, v: &ViewState, b: &BookPanel, rect: Rect) {
    let width = usize::from(rect.width).max(1);
    let start = v.now_ms - SPARK_MS;
    let slice = (SPARK_MS / i64::try_from(width).unwrap_or(1)).max(1);
    let mut last = b
        .mids
        .iter()
        .take_while(|(at, _)| *at < start)
        .last()
        .map(|(_, m)| *m);
    let mut samples = b.mids.iter().skip_while(|(at, _)| *at < start).peekable();
    let mut slices: Vec<Option<Decimal>> = Vec::with_capacity(width);
    for i in 1..=i64::try_from(width).unwrap_or(0) {
        let end = start + i * slice;
        while let Some((_, m)) = samples.next_if(|(at, _)| *at < end) {
            last = Some(*m);
        }
        slices.push(last);
    }
    let low = slices.iter().flatten().min().copied();
    let high = slices.iter().flatten().max().copied();
    let title = match (low, high) {
        (Some(low), Some(high)) => format!(
            "MID, last {} min · low {} · high {}",
            SPARK_MS / 60_000,
            low.normalize(),
            high.normalize()
        ),
        _ => format!("MID, last {} min · no book yet", SPARK_MS / 60_000),
    };
    let mut heading = rect;
    heading.height = 1;
    frame.render_widget(Line::styled(title, bold()), heading);
    let bars = Rect::new(
        rect.x,
        rect.y + 1,
        rect.width,
        rect.height.saturating_sub(1),
    );
    // Heights 10..=100 between the lowest and the highest, so the lowest still shows; a mid
    // that has not moved is a level line halfway.
    let data: Vec<Option<u64>> = slices
        .iter()
        .map(|m| {
            let (m, low, high) = ((*m)?, low?, high?);
            let range = high - low;
            Some(match range > Decimal::ZERO {
                true => {
                    ((m - low) * Decimal::from(90))
                        .checked_div(range)
                        .and_then(|x| x.round().to_u64())
                        .unwrap_or(0)
                        + 10
                }
                false => 50,
            })
        })
        .collect();
    sparkline(frame.buffer_mut(), bars, &data);
}

/// Eighths of a cell, from empty to full.
const BAR_LEVELS: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

/// A column of `area` per value of `data` (0..=100, of the area's height), drawn up from the
/// bottom in eighths of a cell; a missing value leaves its column blank.
fn sparkline(buf: &mut Buffer, area: Rect, data: &[Option<u64>]) {
    let style = Style::default().fg(Color::Cyan);
    let full = u64::from(area.height) * 8;
    for (x, value) in (area.left()..area.right()).zip(data) {
        let Some(value) = value else { continue };
        let mut eighths = (value * full / 100).min(full);
        for y in (area.top()..area.bottom()).rev() {
            let level = eighths.min(8);
            eighths -= level;
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_symbol(BAR_LEVELS[level as usize]).set_style(style);
            }
        }
    }
}

/// How a column is laid out and how much it is needed.
#[derive(Debug, Clone, Copy)]
struct Col {
    title: &'static str,
    /// Numbers align right.
    right: bool,
    /// Lower is kept longer when the width runs short.
    keep: u8,
    /// Longer cells are cut, ending in `…`.
    max: usize,
}

const fn col(title: &'static str, right: bool, keep: u8, max: usize) -> Col {
    Col {
        title,
        right,
        keep,
        max,
    }
}

/// Laid-out rows under a header: the columns that fit `width` by priority, each as wide as its
/// widest cell (up to its `max`), two spaces apart.
fn table(cols: &[Col], rows: &[Vec<String>], width: usize) -> (String, Vec<String>) {
    let widths: Vec<usize> = cols
        .iter()
        .enumerate()
        .map(|(i, c)| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|cell| cell.chars().count())
                .chain([c.title.chars().count()])
                .max()
                .unwrap_or(0)
                .min(c.max)
        })
        .collect();
    let mut order: Vec<usize> = (0..cols.len()).collect();
    order.sort_by_key(|i| cols[*i].keep);
    let mut kept = vec![false; cols.len()];
    let mut used = 0;
    for i in order {
        let need = widths[i] + if used == 0 { 0 } else { 2 };
        if used + need <= width {
            kept[i] = true;
            used += need;
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let parts: Vec<String> = cells
            .zip(cols.iter().zip(&widths))
            .zip(&kept)
            .filter(|(_, keep)| **keep)
            .map(|((cell, (c, w)), _)| {
                let cell = cut(cell, *w);
                match c.right {
                    true => format!("{cell:>w$}"),
                    false => format!("{cell:<w$}"),
                }
            })
            .collect();
        parts.join("  ").trim_end().to_owned()
    };
    let header = line(&mut cols.iter().map(|c| c.title));
    let body = rows
        .iter()
        .map(|r| line(&mut r.iter().map(String::as_str)))
        .collect();
    (header, body)
}

/// `s` in at most `width` characters, ending in `…` when cut.
fn cut(s: &str, width: usize) -> String {
    match s.chars().count() > width {
        true => {
            let mut out: String = s.chars().take(width.saturating_sub(1)).collect();
            out.push('…');
            out
        }
        false => s.to_owned(),
    }
}

/// A list panel of the account: its heading, its columns and the rows that fit, from its
/// scroll. (The book is no list of the account: nothing.)
fn list(v: &ViewState, a: &AccountPanel, panel: Panel, rect: Rect) -> Vec<Line<'static>> {
    if panel == Panel::Book {
        return Vec::new();
    }
    let room = usize::from(rect.height.saturating_sub(2));
    let width = usize::from(rect.width);
    let trading = v.screen == Screen::Trade;
    let (title, empty, cols, rows, styles): (String, &str, &[Col], Vec<Vec<String>>, Vec<Style>) =
        match panel {
            Panel::Positions => (
                format!("POSITIONS ({})", a.positions.len()),
                "no open position",
                POSITION_COLS,
                a.positions.iter().map(position_cells).collect(),
                a.positions
                    .iter()
                    .map(|p| pnl_style(p.unrealised))
                    .collect(),
            ),
            Panel::Orders => (
                format!(
                    "{} ({})",
                    if trading {
                        "WORKING ORDERS"
                    } else {
                        "OPEN ORDERS"
                    },
                    a.orders.len()
                ),
                if trading {
                    "no working order"
                } else {
                    "no open order"
                },
                ORDER_COLS,
                a.orders.iter().map(order_cells).collect(),
                a.orders.iter().map(|_| Style::default()).collect(),
            ),
            Panel::Conditional => (
                format!(
                    "CONDITIONAL ORDERS ({}) · stop loss, take profit",
                    a.conditional.len()
                ),
                "no stop loss or take profit waiting",
                CONDITIONAL_COLS,
                a.conditional.iter().map(conditional_cells).collect(),
                a.conditional.iter().map(|_| Style::default()).collect(),
            ),
            Panel::Fills => (
                format!("FILLS ({}) · newest first", a.fills.len()),
                "no fill since the view started",
                FILL_COLS,
                a.fills.iter().map(|f| fill_cells(f, v.now_ms)).collect(),
                a.fills
                    .iter()
                    .map(|f| match v.now_ms - f.at_ms < FRESH_FILL_MS {
                        true => bold().add_modifier(Modifier::REVERSED),
                        false => Style::default(),
                    })
                    .collect(),
            ),
            Panel::Balances | Panel::Book => (
                // (`Book` returned above.)
                format!("BALANCES ({})", a.balances.len()),
                "no balance",
                BALANCE_COLS,
                a.balances
                    .iter()
                    .map(|b| {
                        vec![
                            b.coin.clone(),
                            num(b.wallet),
                            num(b.available),
                            num(b.order_margin),
                            num(b.isolated),
                        ]
                    })
                    .collect(),
                a.balances.iter().map(|_| Style::default()).collect(),
            ),
        };
    let (from, count) = window(rows.len(), room, v.scroll[panel.index()]);
    let mut out = vec![heading(v, panel, title, (from, count))];
    if rows.is_empty() {
        out.push(Line::styled(format!("  {empty}"), dim()));
        return out;
    }
    let (header, body) = table(cols, &rows[from..from + count], width);
    out.push(Line::styled(header, dim()));
    out.extend(
        body.into_iter()
            .zip(&styles[from..from + count])
            .map(|(text, style)| Line::styled(text, *style)),
    );
    out
}

fn pnl_style(pnl: Option<Decimal>) -> Style {
    match pnl {
        Some(p) if p > Decimal::ZERO => Style::default().fg(Color::Green),
        Some(p) if p < Decimal::ZERO => Style::default().fg(Color::Red),
        _ => Style::default(),
    }
}

const POSITION_COLS: &[Col] = &[
    col("contract", false, 0, 24),
    col("side", false, 1, 5),
    col("margin", false, 6, 8),
    col("volume", true, 2, 20),
    col("entry", true, 4, 20),
    col("mark", true, 5, 20),
    col("unrealised PnL", true, 3, 20),
    col("realised PnL", true, 7, 20),
];

fn position_cells(p: &PositionRow) -> Vec<String> {
    vec![
        p.contract.clone(),
        p.side.clone(),
        p.margin.clone(),
        num(Some(p.volume)),
        num(p.entry),
        num(p.mark),
        signed(p.unrealised),
        signed(p.realised),
    ]
}

const ORDER_COLS: &[Col] = &[
    col("order id", false, 4, 20),
    col("contract", false, 1, 20),
    col("side", false, 0, 4),
    col("action", false, 6, 6),
    col("type", false, 5, 6),
    col("price", true, 2, 20),
    col("volume", true, 3, 20),
    col("filled", true, 7, 20),
    col("status", false, 8, 16),
];

fn order_cells(o: &OrderRow) -> Vec<String> {
    vec![
        o.id.to_string(),
        o.contract.clone(),
        o.side.clone(),
        o.action.clone(),
        o.kind.clone(),
        num(o.price),
        num(o.volume),
        num(o.filled),
        o.status.clone(),
    ]
}

const CONDITIONAL_COLS: &[Col] = &[
    col("order id", false, 6, 20),
    col("contract", false, 2, 20),
    col("side", false, 1, 4),
    col("kind", false, 0, 11),
    col("trigger", true, 3, 20),
    col("watches", false, 4, 7),
    col("places", false, 5, 20),
    col("volume", true, 7, 20),
    col("status", false, 8, 10),
];

fn conditional_cells(c: &ConditionalRow) -> Vec<String> {
    vec![
        c.id.to_string(),
        c.contract.clone(),
        c.side.clone(),
        match c.trigger {
            Trigger::StopLoss => "stop loss".to_owned(),
            Trigger::TakeProfit => "take profit".to_owned(),
            Trigger::Other(Some(t)) => format!("trigger {t}"),
            Trigger::Other(None) => "-".to_owned(),
        },
        num(c.trigger_price),
        match c.watches {
            Watched::Last => "last".to_owned(),
            Watched::Mark => "mark".to_owned(),
        },
        c.places.clone(),
        num(c.volume),
        c.status.clone(),
    ]
}

const FILL_COLS: &[Col] = &[
    col(" ", false, 0, 1),
    col("time", false, 5, 12),
    col("contract", false, 3, 20),
    col("side", false, 1, 4),
    col("volume", true, 2, 20),
    col("price", true, 4, 20),
    col("order id", false, 6, 20),
];

/// A fill's cells; a recent one starred.
fn fill_cells(f: &FillRow, now_ms: i64) -> Vec<String> {
    vec![
        if now_ms - f.at_ms < FRESH_FILL_MS {
            "★"
        } else {
            " "
        }
        .to_owned(),
        clock_ms(f.at_ms),
        f.contract.clone(),
        f.side.clone(),
        num(Some(f.volume)),
        num(f.price),
        f.order_id.to_string(),
    ]
}

const BALANCE_COLS: &[Col] = &[
    col("coin", false, 0, 10),
    col("wallet", true, 1, 24),
    col("available", true, 2, 24),
    col("order margin", true, 3, 24),
    col("isolated margin", true, 4, 24),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_dropped_least_needed_first_and_long_cells_cut() {
        let cols = [
            col("contract", false, 0, 8),
            col("note", false, 2, 20),
            col("volume", true, 1, 20),
        ];
        let rows = vec![vec![
            "E-A-VERY-LONG-NAME".to_owned(),
            "dropped".to_owned(),
            "12345".to_owned(),
        ]];
        assert_eq!(
            table(&cols, &rows, 80),
            (
                "contract  note     volume".to_owned(),
                vec!["E-A-VER…  dropped   12345".to_owned()]
            )
        );
        // 8 + 2 + 6 = 16 fits; the note (least needed) does not.
        assert_eq!(
            table(&cols, &rows, 17),
            (
                "contract  volume".to_owned(),
                vec!["E-A-VER…   12345".to_owned()]
            )
        );
    }

    #[test]
    fn a_bar_is_scaled_in_eighths_and_never_vanishes() {
        assert_eq!(bar(Decimal::from(200), Decimal::from(200), 4), "████");
        assert_eq!(bar(Decimal::from(1), Decimal::from(200), 4), "▏");
        assert_eq!(bar(Decimal::from(50), Decimal::from(200), 4), "█");
        assert_eq!(bar(Decimal::from(50), Decimal::from(200), 0), "");
    }
}
