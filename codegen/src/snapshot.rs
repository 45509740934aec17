//! The expansion laid out for review (`snapshots/futures.expanded.rs`): ordinary items by
//! prettyplease, and the invocations of the runtime's shape macros (`record!`, `endpoint!`),
//! which a pretty-printer leaves as one run of tokens, one argument per line, so that a spec
//! edit shows as a readable diff.
//!
//! A brace group that holds a `,` or `;` of its own is opened on its own lines, its items one per
//! line; other groups stay inline. Spacing follows rustfmt's for what these invocations hold
//! (paths, types, literals, attributes, calls).

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

const INDENT: &str = "    ";

/// `file` as the snapshot shows it.
pub fn layout(file: &syn::File) -> String {
    let mut out = String::new();
    for item in &file.items {
        match item {
            // The feature gates (`if_user_stream! { items }`): their items laid out as any.
            syn::Item::Macro(m) if is_gate(&m.mac.path) => {
                out.push_str(&path_text(&m.mac.path));
                out.push_str("! {\n");
                match syn::parse2::<syn::File>(m.mac.tokens.clone()) {
                    Ok(inner) => {
                        for line in layout(&inner).lines() {
                            if !line.is_empty() {
                                out.push_str(INDENT);
                            }
                            out.push_str(line);
                            out.push('\n');
                        }
                    }
                    Err(_) => lines(m.mac.tokens.clone(), 1, &mut out),
                }
                out.push_str("}\n");
            }
            syn::Item::Macro(m) if m.mac.path.segments.len() > 1 => {
                out.push_str(&path_text(&m.mac.path));
                out.push_str("! {\n");
                lines(m.mac.tokens.clone(), 1, &mut out);
                out.push_str("}\n");
            }
            other => out.push_str(&prettyplease::unparse(&syn::File {
                shebang: None,
                frontmatter: None,
                attrs: Vec::new(),
                items: vec![other.clone()],
            })),
        }
    }
    out
}

/// Whether `path` names one of the facade's feature gates, which wrap whole items.
fn is_gate(path: &syn::Path) -> bool {
    path.segments
        .last()
        .is_some_and(|s| s.ident.to_string().starts_with("if_"))
}

fn path_text(path: &syn::Path) -> String {
    let mut s = String::new();
    if path.leading_colon.is_some() {
        s.push_str("::");
    }
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    s.push_str(&names.join("::"));
    s
}

/// A token as laid out: a word (identifier or literal), an operator (joint punctuation merged:
/// `::`, `->`, `=>`, `'a` stays two), or a group.
enum Atom {
    Word(String),
    Op(String),
    Group(proc_macro2::Group),
}

fn atoms(tokens: TokenStream) -> Vec<Atom> {
    let mut out = Vec::new();
    let mut op = String::new();
    for t in tokens {
        match t {
            TokenTree::Punct(p) => {
                op.push(p.as_char());
                if p.spacing() == Spacing::Alone || p.as_char() == '\'' {
                    out.push(Atom::Op(std::mem::take(&mut op)));
                }
            }
            other => {
                if !op.is_empty() {
                    out.push(Atom::Op(std::mem::take(&mut op)));
                }
                out.push(match other {
                    TokenTree::Group(g) => Atom::Group(g),
                    TokenTree::Ident(i) => Atom::Word(i.to_string()),
                    TokenTree::Literal(l) => Atom::Word(l.to_string()),
                    TokenTree::Punct(_) => unreachable!("handled above"),
                });
            }
        }
    }
    if !op.is_empty() {
        out.push(Atom::Op(op));
    }
    out
}

/// Writes `tokens` as lines at `depth`: a line ends after each `,` or `;` and after an
/// attribute.
fn lines(tokens: TokenStream, depth: usize, out: &mut String) {
    let mut line: Vec<Atom> = Vec::new();
    let mut iter = atoms(tokens).into_iter().peekable();
    while let Some(a) = iter.next() {
        let ends = match &a {
            Atom::Op(o) => o == "," || o == ";",
            // `#[...]`: the attribute ends its line; so does a section's `{ .. }` (`meta {..}`)
            // unless a separator follows it.
            Atom::Group(g) if g.delimiter() == Delimiter::Brace => {
                !matches!(iter.peek(), Some(Atom::Op(o)) if o == "," || o == ";")
            }
            Atom::Group(g) => {
                g.delimiter() == Delimiter::Bracket
                    && line.len() == 1
                    && matches!(&line[0], Atom::Op(o) if o == "#")
            }
            Atom::Word(_) => false,
        };
        line.push(a);
        if ends || iter.peek().is_none() {
            out.push_str(&INDENT.repeat(depth));
            write_atoms(&std::mem::take(&mut line), Some(depth), out);
            out.push('\n');
        }
    }
}

/// Writes `atoms` on the current line; with `depth`, a brace group holding a `,` or `;` of its own
/// opens on lines of its own.
fn write_atoms(atoms: &[Atom], depth: Option<usize>, out: &mut String) {
    for (i, a) in atoms.iter().enumerate() {
        if i > 0 && space_between(&atoms[i - 1], a) {
            out.push(' ');
        }
        match a {
            Atom::Word(w) | Atom::Op(w) => out.push_str(w),
            Atom::Group(g) => match depth {
                Some(d) if g.delimiter() == Delimiter::Brace && has_separator(g.stream()) => {
                    out.push_str("{\n");
                    lines(g.stream(), d + 1, out);
                    out.push_str(&INDENT.repeat(d));
                    out.push('}');
                }
                _ => inline_group(g, out),
            },
        }
    }
}

/// Whether a brace group holds a `,`, a `;` or a non-empty brace group of its own (then it is
/// laid out on lines).
fn has_separator(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match &t {
        TokenTree::Punct(p) => matches!(p.as_char(), ',' | ';'),
        TokenTree::Group(g) => g.delimiter() == Delimiter::Brace && !g.stream().is_empty(),
        _ => false,
    })
}

fn inline_group(g: &proc_macro2::Group, out: &mut String) {
    let inner = atoms(g.stream());
    let (open, close) = match g.delimiter() {
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::Brace if inner.is_empty() => ("{", "}"),
        Delimiter::Brace => ("{ ", " }"),
        Delimiter::None => ("", ""),
    };
    out.push_str(open);
    write_atoms(&inner, None, out);
    out.push_str(close);
}

/// Words a path may follow with a space: Rust's, and `endpoint!`'s `into` and `same`.
const KEYWORDS: &[&str] = &[
    "as", "dyn", "impl", "in", "for", "mut", "return", "where", "move", "into", "same",
];

/// Whether rustfmt would put a space between `a` and `b`, for the tokens these invocations hold
/// (paths, types, literals, attributes, calls; no comparisons).
fn space_between(a: &Atom, b: &Atom) -> bool {
    let word = |x: &Atom| matches!(x, Atom::Word(w) if !KEYWORDS.contains(&w.as_str()));
    match (a, b) {
        (Atom::Op(o), _)
            if matches!(o.as_str(), "::" | "#" | "&" | "!" | "." | "<" | "'" | "-") =>
        {
            false
        }
        (_, Atom::Op(o)) if matches!(o.as_str(), "," | ";" | "." | "?" | ":" | ">") => false,
        (_, Atom::Op(o)) if o == "::" => !(word(a) || matches!(a, Atom::Op(x) if x == ">")),
        (_, Atom::Op(o)) if o == "<" || o == "!" => !word(a),
        (_, Atom::Group(g)) if g.delimiter() != Delimiter::Brace => {
            !(word(a) || matches!(a, Atom::Op(x) if x == ">"))
        }
        _ => true,
    }
}
