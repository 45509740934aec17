//! The terminal views of `contango watch`, on ratatui and crossterm: raw mode and the
//! alternate screen while a view runs, the terminal given back as it was on every way out (the
//! view's end, `q`, Ctrl-C, SIGTERM, an error, and a panic, whose hook restores it first).
//!
//! Three parts, each on its own: [`state`] is what is shown, as plain data; [`render`] draws a
//! state on a frame of any size; [`run`] is the loop, which only turns keys, resizes, watcher
//! items and the clock into state changes and draws after each.

pub mod render;
pub mod state;
#[cfg(test)]
mod tests;

use std::future::Future;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui_core::layout::Rect;
use ratatui_core::terminal::Terminal;
use ratatui_crossterm::CrosstermBackend;
use ratatui_crossterm::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui_crossterm::crossterm::{execute, terminal};
use tokio::sync::mpsc;

use self::state::ViewState;
use crate::failure::Failure;
use crate::stream::Stop;

/// Items taken before a redraw at most (a flood still redraws now and then).
const BATCH: usize = 256;
/// How often the view is redrawn without news: ages and staleness move on.
const TICK: Duration = Duration::from_millis(500);
/// How long the input thread waits for a key before it looks whether the view has ended.
const INPUT_POLL: Duration = Duration::from_millis(100);

/// A watcher as the loop reads it.
pub(crate) trait Feed {
    /// What the watcher yields.
    type Item;
    /// What the error says when the watcher's stream ends.
    const ENDED: &'static str;
    /// The next item; `None` once the watcher's stream has ended. Dropping the future loses
    /// nothing.
    fn next(&mut self) -> impl Future<Output = Option<Self::Item>>;
    /// Notes `item` in `view`, whose `now_ms` is the current time.
    fn note(&mut self, item: Self::Item, view: &mut ViewState);
    /// Puts what the watcher now holds into `view` (after a batch of items, and as the clock
    /// moves).
    fn refresh(&mut self, view: &mut ViewState);
}

/// Two watchers as one (the trading screen's book and account).
#[derive(Debug)]
pub(crate) struct Both<A, B>(pub A, pub B);

impl<A: Feed, B: Feed> Feed for Both<A, B> {
    type Item = Result<A::Item, B::Item>;
    const ENDED: &'static str = "a stream of the view ended";

    async fn next(&mut self) -> Option<Self::Item> {
        tokio::select! {
            a = self.0.next() => a.map(Ok),
            b = self.1.next() => b.map(Err),
        }
    }

    fn note(&mut self, item: Self::Item, view: &mut ViewState) {
        match item {
            Ok(a) => self.0.note(a, view),
            Err(b) => self.1.note(b, view),
        }
    }

    fn refresh(&mut self, view: &mut ViewState) {
        self.0.refresh(view);
        self.1.refresh(view);
    }
}

/// Refuses a view where there is no terminal to draw on.
pub(crate) fn check_terminal() -> Result<(), Failure> {
    match std::io::stdout().is_terminal() {
        true => Ok(()),
        false => Err(Failure::Refused(
            "the view needs a terminal, and stdout is not one: leave out -o table for JSON lines"
                .to_owned(),
        )),
    }
}

/// Shows `view` fed by `feed` until `q`, Esc, Ctrl-C, `stop` (SIGINT, SIGTERM) or the end of
/// the feed's stream (an error, unless a replay was played out before: then the view stays
/// until a key ends it). `clock` is the exchange's time now as the client estimates it (Unix
/// ms), which the exchange's times are aged against (a simulator following a recording runs at
/// the recording's time).
pub(crate) async fn run<F: Feed>(
    feed: &mut F,
    mut view: ViewState,
    stop: &mut Stop,
    mut played_out: Option<Stop>,
    clock: &dyn Fn() -> i64,
) -> Result<(), Failure> {
    let mut term = Term::enter()?;
    let mut keys = Keys::start();
    let mut tick = tokio::time::interval(TICK);
    let mut live = true;
    view.now_ms = clock();
    feed.refresh(&mut view);
    loop {
        term.draw(&view)?;
        tokio::select! {
            item = feed.next(), if live => match item {
                Some(item) => {
                    view.now_ms = clock();
                    feed.note(item, &mut view);
                    for _ in 1..BATCH {
                        match ready(feed.next()).await {
                            Some(Some(item)) => feed.note(item, &mut view),
                            _ => break,
                        }
                    }
                    feed.refresh(&mut view);
                }
                None if view.played_out => {
                    live = false;
                    view.notice = Some(("the recording's streams have ended".to_owned(), clock()));
                }
                None => return Err(Failure::Transport(F::ENDED.to_owned())),
            },
            key = keys.rx.recv() => match key {
                Some(event) => {
                    if on_event(&mut view, &event, term.area()?) == Flow::Quit {
                        return Ok(());
                    }
                }
                None => return Err(Failure::Other("cannot read the terminal's keys".to_owned())),
            },
            () = &mut *stop => return Ok(()),
            () = async { if let Some(p) = played_out.as_mut() { p.await } }, if played_out.is_some() => {
                played_out = None;
                view.played_out = true;
            }
            _ = tick.tick() => {
                view.now_ms = clock();
                feed.refresh(&mut view);
            }
        }
    }
}

/// The future's output if it is ready now (the future is dropped otherwise).
pub(crate) async fn ready<F: Future>(f: F) -> Option<F::Output> {
    tokio::select! {
        biased;
        v = f => Some(v),
        () = std::future::ready(()) => None,
    }
}

/// Whether the view goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Draw again.
    Go,
    /// End the view.
    Quit,
}

/// A key or a resize, on a terminal of `area`: `q`, Esc and Ctrl-C quit; Tab and Shift-Tab move
/// the focus; the arrows (and `k`/`j`), PgUp/PgDn, Home/End scroll the focused list. A resize
/// needs nothing: the next drawing fits the new size.
pub(crate) fn on_event(view: &mut ViewState, event: &Event, area: Rect) -> Flow {
    let Event::Key(key) = event else {
        return Flow::Go;
    };
    if key.kind == KeyEventKind::Release {
        return Flow::Go;
    }
    let rows = render::visible(view, area, view.focus);
    let page = i64::try_from(rows.saturating_sub(1).max(1)).unwrap_or(1);
    match key.code {
        KeyCode::Char('q' | 'Q') | KeyCode::Esc => return Flow::Quit,
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return Flow::Quit,
        KeyCode::Tab => view.cycle(true),
        KeyCode::BackTab => view.cycle(false),
        KeyCode::Up | KeyCode::Char('k') => view.scroll_by(-1, rows),
        KeyCode::Down | KeyCode::Char('j') => view.scroll_by(1, rows),
        KeyCode::PageUp => view.scroll_by(-page, rows),
        KeyCode::PageDown => view.scroll_by(page, rows),
        KeyCode::Home => view.scroll_to_end(false, rows),
        KeyCode::End => view.scroll_to_end(true, rows),
        _ => {}
    }
    Flow::Go
}

/// The terminal in raw mode on its alternate screen; given back on drop.
struct Term {
    terminal: Terminal<CrosstermBackend<std::io::Stdout>>,
}

/// Whether a view holds the terminal: the panic hook gives it back only then.
static TAKEN: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: std::sync::Once = std::sync::Once::new();

/// Raw mode and the alternate screen, after the panic hook (set once, before the previous one).
fn take() -> std::io::Result<Terminal<CrosstermBackend<std::io::Stdout>>> {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
    TAKEN.store(true, Ordering::SeqCst);
    terminal::enable_raw_mode()?;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen)?;
    Terminal::new(CrosstermBackend::new(std::io::stdout()))
}

/// Raw mode off first (it changes more than the screen does), then the main screen back; once.
fn restore() {
    if !TAKEN.swap(false, Ordering::SeqCst) {
        return;
    }
    let raw = terminal::disable_raw_mode();
    let screen = execute!(std::io::stdout(), terminal::LeaveAlternateScreen);
    if let Err(e) = raw.and(screen) {
        eprintln!("cannot give the terminal back: {e}");
    }
}

impl std::fmt::Debug for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Term").finish_non_exhaustive()
    }
}

impl Term {
    /// Raw mode (keys are read, not echoed) and the alternate screen, after a panic hook that
    /// gives the terminal back before the panic's message is printed.
    ///
    /// The `-v` log is held meanwhile: written on the alternate screen it would draw over the
    /// view.
    fn enter() -> Result<Term, Failure> {
        crate::verbose::hold();
        let terminal = take().map_err(|e| {
            restore();
            crate::verbose::release();
            Failure::Other(format!("cannot take the terminal: {e}"))
        })?;
        Ok(Term { terminal })
    }

    fn draw(&mut self, view: &ViewState) -> Result<(), Failure> {
        self.terminal
            .draw(|frame| render::render(view, frame))
            .map(drop)
            .map_err(|e| Failure::Other(format!("cannot write to the terminal: {e}")))
    }

    fn area(&self) -> Result<Rect, Failure> {
        let size = self
            .terminal
            .size()
            .map_err(|e| Failure::Other(format!("cannot read the terminal's size: {e}")))?;
        Ok(Rect::new(0, 0, size.width, size.height))
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        let _ = self.terminal.show_cursor();
        restore();
        crate::verbose::release();
    }
}

/// The terminal's events, read on a thread of their own (crossterm reads block) and handed to
/// the loop; the thread ends within [`INPUT_POLL`] of the view.
struct Keys {
    rx: mpsc::UnboundedReceiver<Event>,
    ended: Arc<AtomicBool>,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keys").finish_non_exhaustive()
    }
}

impl Keys {
    fn start() -> Keys {
        let (tx, rx) = mpsc::unbounded_channel();
        let ended = Arc::new(AtomicBool::new(false));
        let seen = ended.clone();
        std::thread::spawn(move || {
            while !seen.load(Ordering::Relaxed) {
                match event::poll(INPUT_POLL) {
                    Ok(true) => match event::read().map(|e| tx.send(e)) {
                        Ok(Ok(())) => {}
                        _ => break,
                    },
                    Ok(false) => {}
                    Err(_) => break,
                }
            }
        });
        Keys { rx, ended }
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        self.ended.store(true, Ordering::Relaxed);
    }
}
