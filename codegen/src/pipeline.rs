//! The pipeline as one function of the spec text: [`spec::parse`] (the located YAML tree, then
//! the model) -> [`validate::validate`] (every mistake, lowered to the IR) -> an emitter for the
//! [`Target`]. No `proc_macro` and no files: the macros, the benchmark, the fuzz target and the
//! tests all run exactly this.

use crate::diag::{Diagnostic, Diagnostics};
use crate::target::Target;
use crate::{emit, ir, spec, validate, yaml};
use proc_macro2::TokenStream;

/// A spec with mistakes: what could still be generated, and every mistake.
#[derive(Debug)]
pub struct Rejected {
    /// The items that could be generated despite the mistakes (an endpoint survives a mistake in
    /// a type it does not use), so one typo does not bury the user under follow-on errors.
    pub partial: TokenStream,
    /// Every mistake, in file order.
    pub diagnostics: Diagnostics,
}

/// Generates `target` from the text of a spec: the tokens, or what could be generated together
/// with every mistake, in file order.
pub fn generate(text: &str, target: Target) -> Result<TokenStream, Rejected> {
    let (lowered, mut diagnostics) = lower(text, target);
    let tokens = lowered.map_or_else(TokenStream::new, |l| stages::emit(&l, target));
    if diagnostics.is_empty() {
        Ok(tokens)
    } else {
        diagnostics.sort();
        Err(Rejected {
            partial: tokens,
            diagnostics,
        })
    }
}

/// Every mistake [`generate`] would report for `target`, in file order, without generating
/// anything (empty: the spec is valid). For tools that write a spec and must not hand out one
/// that no longer builds: the drift patcher checks its patched spec with this.
pub fn check(text: &str, target: Target) -> Diagnostics {
    let (_, mut diagnostics) = lower(text, target);
    diagnostics.sort();
    diagnostics
}

/// The spec read and validated: the IR (`None` when nothing could be read) and every mistake.
fn lower(text: &str, target: Target) -> (Option<stages::Lowered>, Diagnostics) {
    let (model, mut diagnostics) = stages::read(text);
    let Some(model) = model else {
        return (None, diagnostics);
    };
    let (lowered, more) = stages::validate(&model, target);
    diagnostics.append(more);
    (Some(lowered), diagnostics)
}

/// The steps of [`generate`] one at a time, for the expansion benchmark: the very functions
/// `generate` calls, with the model and the IR kept opaque.
#[doc(hidden)]
pub mod stages {
    use super::*;

    /// The located YAML tree of a spec.
    #[derive(Debug)]
    pub struct Tree(#[allow(dead_code)] yaml::Node);

    /// The spec model, read from the tree.
    #[derive(Debug)]
    pub struct Model(spec::Spec);

    /// The IR: what will be emitted, names resolved and references checked.
    #[derive(Debug)]
    pub struct Lowered(ir::Ir);

    /// The located YAML tree alone (the first half of [`read`]).
    pub fn tree(text: &str) -> Result<Tree, Diagnostic> {
        yaml::parse(text).map(Tree)
    }

    /// The tree read into the model; `None` when nothing at all could be read.
    pub fn read(text: &str) -> (Option<Model>, Diagnostics) {
        let (spec, diagnostics) = spec::parse(text);
        (spec.map(Model), diagnostics)
    }

    /// Every semantic mistake of the model for `target`, and the IR (partial when there are mistakes).
    pub fn validate(model: &Model, target: Target) -> (Lowered, Diagnostics) {
        let (ir, diagnostics) = validate::validate(&model.0, target);
        (Lowered(ir), diagnostics)
    }

    /// The tokens of `target`; cannot fail.
    pub fn emit(lowered: &Lowered, target: Target) -> TokenStream {
        match target {
            Target::Sdk => emit::emit(&lowered.0),
            Target::Cli => emit::cli::emit(&lowered.0),
        }
    }
}
