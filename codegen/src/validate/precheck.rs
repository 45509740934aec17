//! An endpoint's `precheck`: a built-in the facade provides (`contract_limits`), checked here
//! against what it reads of the spec, or a user's async function given as a Rust path.

use crate::diag::{Diagnostics, did_you_mean};
use crate::ir::{self, Ir, Ty};
use crate::spec::Str;

/// The built-in prechecks a spec can name.
pub const BUILTINS: &[&str] = &["contract_limits"];

/// The endpoint `contract_limits` fetches contracts from.
const LOOKUP: &str = "contracts";

/// Each limit `contract_limits` reads: its name in `Limits`, the record's wire field, its type.
const LIMITS: &[(&str, &str, Ty)] = &[
    ("price_precision", "pricePrecision", Ty::I32),
    ("multiplier", "multiplier", Ty::Decimal),
    ("min_order_volume", "minOrderVolume", Ty::Decimal),
    ("min_order_money", "minOrderMoney", Ty::Decimal),
    ("max_market_volume", "maxMarketVolume", Ty::Decimal),
    ("max_limit_volume", "maxLimitVolume", Ty::Decimal),
    ("max_limit_money", "maxLimitMoney", Ty::Decimal),
];

/// The error names `contract_limits` quotes (its `ServerCode`s), in the endpoint's table.
const ERRORS: &[&str] = &[
    "INVALID_CONTRACT",
    "CONTRACT_NOT_TRADABLE",
    "ORDER_QUANTITY_TOO_SMALL",
    "ORDER_QUANTITY_TOO_LARGE",
    "ORDER_QUANTITY_EXCEEDS_MAXIMUM",
    "TOO_MANY_DECIMAL_PLACES",
    "ORDER_AMOUNT_TOO_SMALL",
    "ORDER_AMOUNT_TOO_LARGE",
];

/// Products whose orders are valued inversely (`volume × multiplier / price`).
const INVERSE_PRODUCT: &str = "coin_margined";

/// The precheck `p` of endpoint `i`, or a located mistake.
pub(super) fn resolve(
    cx: &mut Diagnostics,
    ir: &Ir,
    i: usize,
    p: &Str,
    path: &str,
) -> Option<ir::Precheck> {
    let path = format!("{path}.precheck");
    if p.value.contains("::") {
        if syn::parse_str::<syn::Path>(&p.value).is_ok() {
            return Some(ir::Precheck::Path(p.value.clone()));
        }
        cx.err(
            p.referenced,
            path,
            format!(
                "`{}` is not a Rust path like `crate::checks::new_order`",
                p.value
            ),
        );
        return None;
    }
    if p.value == "contract_limits" {
        return contract_limits(cx, ir, i, p, &path)
            .map(|c| ir::Precheck::ContractLimits(Box::new(c)));
    }
    cx.err(
        p.referenced,
        path,
        format!(
            "unknown built-in precheck `{}`{}; expected one of {}, or a Rust path to your own \
             function like `crate::checks::new_order`",
            p.value,
            did_you_mean(&p.value, BUILTINS.iter().copied()),
            BUILTINS.join(", ")
        ),
    );
    None
}

/// `contract_limits` on endpoint `i`: every name it reads, or one mistake listing what is missing.
fn contract_limits(
    cx: &mut Diagnostics,
    ir: &Ir,
    i: usize,
    p: &Str,
    path: &str,
) -> Option<ir::ContractLimits> {
    let ep = &ir.endpoints[i];
    let mut needs = Vec::new();
    let param = |needs: &mut Vec<String>, wire: &str, ty: Ty, what: &str| {
        let found = ep
            .params
            .iter()
            .find(|q| q.wire == wire && q.required && q.ty == ty)
            .map(|q| q.rust.clone());
        if found.is_none() {
            needs.push(format!("a required `{what}` parameter `{wire}`"));
        }
        found.unwrap_or_default()
    };
    let contract_name = param(&mut needs, "contractName", Ty::String, "string");
    let volume = param(&mut needs, "volume", Ty::Decimal, "decimal");
    let price = param(&mut needs, "price", Ty::Decimal, "decimal");
    let market = ep.params.iter().find_map(|q| match &q.ty {
        Ty::Enum(name, _) if q.wire == "type" && q.required => {
            variant(ir, name, |v| v.wire == "MARKET").map(|v| (q.rust.clone(), name.clone(), v))
        }
        _ => None,
    });
    if market.is_none() {
        needs.push("a required parameter `type` of an enum with the value `MARKET`".into());
    }
    let (order_type, order_enum, market) = market.unwrap_or_default();

    let lookup = ir.endpoints.iter().find_map(|e| {
        let by_name = lookup_by_name(e)?;
        match &e.data {
            Some(Ty::List(t) | Ty::OneOrMany(t)) if e.name == LOOKUP => match t.as_ref() {
                Ty::Record(r) => ir
                    .records
                    .iter()
                    .find(|rec| &rec.name == r)
                    .map(|rec| (rec, by_name)),
                _ => None,
            },
            _ => None,
        }
    });
    let mut fields = ContractFields::default();
    let mut lookup_name = None;
    match lookup {
        Some((record, by_name)) => {
            fields = contract_fields(ir, record, &mut needs);
            lookup_name = by_name;
        }
        None => needs.push(format!(
            "an endpoint `{LOOKUP}` answering a list of a type from `types`, with one `string` \
             parameter (the contract's name): its only required parameter, or an optional one \
             when it has none (then the whole list is asked for first)"
        )),
    }

    let table = ir.tables.iter().find(|t| t.name == ep.table);
    let missing: Vec<&str> = ERRORS
        .iter()
        .copied()
        .filter(|name| !table.is_some_and(|t| t.codes.iter().any(|c| c.name == *name)))
        .collect();
    if !missing.is_empty() {
        needs.push(format!(
            "the error names {} in table `{}`",
            missing.join(", "),
            ep.table
        ));
    }

    if !needs.is_empty() {
        cx.err(
            p.referenced,
            path,
            format!(
                "the built-in precheck `contract_limits` needs {}",
                needs.join("; ")
            ),
        );
        return None;
    }
    Some(ir::ContractLimits {
        contract_name,
        volume,
        price,
        order_type,
        order_enum,
        market,
        lookup: LOOKUP.into(),
        lookup_name,
        contract: fields.record,
        symbol: fields.symbol,
        status: fields.status,
        status_enum: fields.status_enum,
        not_trading: fields.not_trading,
        limits: fields.limits,
        inverse: ir
            .products
            .iter()
            .filter(|p| p.key == INVERSE_PRODUCT)
            .map(|p| p.variant.clone())
            .collect(),
    })
}

/// How the lookup endpoint `e` names a contract: `Some(None)` by its one required `string`
/// parameter; `Some(Some(setter))` by an optional `string` parameter when nothing is required;
/// `None` when it cannot.
fn lookup_by_name(e: &ir::Endpoint) -> Option<Option<String>> {
    let mut required = e.required();
    match (required.next(), required.next()) {
        (Some(q), None) if q.ty == Ty::String => Some(None),
        (None, None) => e
            .optional()
            .find(|q| q.ty == Ty::String)
            .map(|q| Some(q.rust.clone())),
        _ => None,
    }
}

/// What `contract_limits` reads of the contract record.
#[derive(Default)]
struct ContractFields {
    record: String,
    symbol: String,
    status: String,
    status_enum: String,
    not_trading: String,
    limits: Vec<(&'static str, String)>,
}

fn contract_fields(ir: &Ir, record: &ir::Record, needs: &mut Vec<String>) -> ContractFields {
    let name = &record.name;
    let field = |wire: &str| record.fields.iter().find(|f| f.wire == wire);
    let symbol = field("symbol").filter(|f| f.required && f.ty == Ty::String);
    if symbol.is_none() {
        needs.push(format!(
            "`{name}` to have a required `string` field `symbol`"
        ));
    }
    let status = field("status").and_then(|f| match &f.ty {
        Ty::Enum(e, _) => {
            variant(ir, e, |v| v.variant == "CannotTrade").map(|v| (f.rust.clone(), e.clone(), v))
        }
        _ => None,
    });
    if status.is_none() {
        needs.push(format!(
            "`{name}` to have a field `status` of an enum with a value named `CannotTrade`"
        ));
    }
    let mut limits = Vec::new();
    for (limit, wire, ty) in LIMITS {
        match field(wire).filter(|f| f.ty == *ty) {
            Some(f) => limits.push((*limit, f.rust.clone())),
            None => needs.push(format!(
                "`{name}` to have a `{}` field `{wire}`",
                ty_name(ty)
            )),
        }
    }
    let (status, status_enum, not_trading) = status.unwrap_or_default();
    ContractFields {
        record: name.clone(),
        symbol: symbol.map(|f| f.rust.clone()).unwrap_or_default(),
        status,
        status_enum,
        not_trading,
        limits,
    }
}

/// The variant of enum `name` that `pick` chooses.
fn variant(ir: &Ir, name: &str, pick: impl Fn(&ir::EnumValue) -> bool) -> Option<String> {
    ir.enums
        .iter()
        .find(|e| e.name == name)?
        .values
        .iter()
        .find(|v| pick(v))
        .map(|v| v.variant.clone())
}

fn ty_name(ty: &Ty) -> &'static str {
    match ty {
        Ty::I32 => "i32",
        _ => "decimal",
    }
}
