//! The built-in helpers an endpoint names (`helpers: [conditional_orders]`), checked against what
//! they set: `conditional_orders` fills the exchange's trigger parameters, so the endpoint must
//! have them, with the types and values the helpers write.

use crate::diag::Diagnostics;
use crate::ir::{self, Endpoint, Ir, Ty};
use crate::spec::Str;

/// Methods the helpers add to the request and its builder, and to the client.
const REQUEST_METHODS: &[&str] = &[
    "stop_loss",
    "take_profit",
    "attach",
    "when",
    "whole_position",
    "close_position_when",
    "trigger_type_of",
    "price_type_of",
    "order_type_of",
];
const CLIENT_METHODS: &[&str] = &["stop_loss", "take_profit"];

/// The helper `h` of endpoint `i`, or one located mistake listing what is missing.
pub(super) fn resolve(
    cx: &mut Diagnostics,
    ir: &Ir,
    i: usize,
    h: &Str,
    path: &str,
) -> Option<Box<ir::ConditionalOrders>> {
    // `Choice` keeps other names out when the spec is read.
    debug_assert_eq!(h.value, "conditional_orders");
    let mut needs = Vec::new();
    let found = conditional_orders(ir, &ir.endpoints[i], &mut needs);
    if needs.is_empty() {
        return Some(Box::new(found));
    }
    cx.err(
        h.referenced,
        path,
        format!(
            "the built-in helpers `conditional_orders` need {}",
            needs.join("; ")
        ),
    );
    None
}

/// What `conditional_orders` sets on `ep`, each name found; `needs` gets what is not there.
fn conditional_orders(ir: &Ir, ep: &Endpoint, needs: &mut Vec<String>) -> ir::ConditionalOrders {
    let mut c = ir::ConditionalOrders {
        order: ep.camel.clone(),
        ..Default::default()
    };
    if !ep.struct_style {
        needs.push("its required parameters in a struct (several of one type)".into());
    }
    let scalar = |needs: &mut Vec<String>, wire: &str, ty: Ty, required: bool| {
        let found = param(ep, wire).filter(|p| p.ty == ty && p.required == required);
        if found.is_none() {
            needs.push(format!(
                "{} `{}` parameter `{wire}`",
                if required {
                    "a required"
                } else {
                    "an optional"
                },
                ty_name(&ty)
            ));
        }
        found.map(|p| p.rust.clone()).unwrap_or_default()
    };
    c.contract_name = scalar(needs, "contractName", Ty::String, true);
    c.volume = scalar(needs, "volume", Ty::Decimal, true);
    c.amount = scalar(needs, "amount", Ty::Decimal, true);
    c.price = scalar(needs, "price", Ty::Decimal, true);
    c.condition_order = scalar(needs, "conditionOrder", Ty::Bool, false);
    c.trigger_price = scalar(needs, "triggerPrice", Ty::Decimal, false);
    c.position_id = scalar(needs, "positionId", Ty::I64, false);
    c.client_order_id = scalar(needs, "clientOrderId", Ty::String, false);

    let side = choice(ir, ep, "side", true, &["BUY", "SELL"], needs);
    c.side = (side.0, side.1, pair(side.2));
    let order_type = choice(ir, ep, "type", true, &["LIMIT", "MARKET"], needs);
    c.order_type = (order_type.0, order_type.1.clone(), pair(order_type.2));
    let margin = choice(ir, ep, "positionType", true, &[], needs);
    c.position_type = (margin.0, margin.1);
    let open = choice(ir, ep, "open", true, &["CLOSE"], needs);
    c.open = (
        open.0,
        open.1,
        open.2.into_iter().next().unwrap_or_default(),
    );
    let trigger = choice(ir, ep, "triggerType", false, &["1", "2"], needs);
    c.trigger_type = (trigger.0, trigger.1.clone(), pair(trigger.2));
    let watch = choice(ir, ep, "triggerPriceType", false, &["1", "2"], needs);
    c.trigger_price_type = (watch.0, watch.1.clone(), pair(watch.2));
    let places = choice(ir, ep, "triggerOrderType", false, &["3"], needs);
    c.trigger_order_type = (
        places.0,
        places.1,
        places.2.into_iter().next().unwrap_or_default(),
    );

    let expected_required = [
        "contractName",
        "side",
        "type",
        "positionType",
        "open",
        "volume",
        "amount",
        "price",
    ];
    let extra: Vec<&str> = ep
        .required()
        .map(|p| p.wire.as_str())
        .filter(|w| !expected_required.contains(w))
        .collect();
    if !extra.is_empty() {
        needs.push(format!(
            "no required parameters besides {} (found {})",
            expected_required.join(", "),
            extra.join(", ")
        ));
    }

    // The attached orders: a list of records whose fields take the same enums.
    let attached = param(ep, "triggerOrderCreateParams").filter(|p| !p.required);
    let record = attached.and_then(|p| match &p.ty {
        Ty::List(t) => match t.as_ref() {
            Ty::Record(r) => ir.records.iter().find(|rec| &rec.name == r),
            _ => None,
        },
        _ => None,
    });
    match (attached, record) {
        (Some(p), Some(r)) => {
            c.attached = (p.rust.clone(), r.name.clone());
            let fields = [
                ("clientOrderId", Ty::String, false),
                ("triggerType", Ty::Enum(trigger.1, true), true),
                ("triggerPriceType", Ty::Enum(watch.1, true), true),
                ("triggerPrice", Ty::Decimal, true),
                ("type", Ty::Enum(order_type.1, false), true),
                ("price", Ty::Decimal, true),
            ];
            for (slot, (wire, ty, required)) in c.item.iter_mut().zip(fields) {
                match r.fields.iter().find(|f| f.wire == wire) {
                    Some(f) if f.ty == ty && f.required == required => slot.clone_from(&f.rust),
                    _ => needs.push(format!(
                        "`{}` to have {} `{}` field `{wire}`",
                        r.name,
                        if required {
                            "a required"
                        } else {
                            "an optional"
                        },
                        ty_name(&ty)
                    )),
                }
            }
        }
        _ => needs.push(
            "an optional parameter `triggerOrderCreateParams`: a list of a type from `types`"
                .into(),
        ),
    }

    // The names the helpers add must be free.
    let clash: Vec<&str> = REQUEST_METHODS
        .iter()
        .copied()
        .filter(|m| ep.optional().any(|p| p.rust == *m))
        .collect();
    if !clash.is_empty() {
        let names: Vec<String> = clash.iter().map(|c| format!("`{c}`")).collect();
        needs.push(format!(
            "the names {} free (optional parameters give the request setters of their names; \
             rename them with `name:`)",
            names.join(", ")
        ));
    }
    let taken: Vec<&str> = CLIENT_METHODS
        .iter()
        .copied()
        .filter(|m| ir.endpoints.iter().any(|e| e.name == *m))
        .collect();
    if !taken.is_empty() {
        needs.push(format!(
            "no endpoint named {} (the helpers add client methods of those names)",
            taken.join(" or ")
        ));
    }
    c
}

fn param<'a>(ep: &'a Endpoint, wire: &str) -> Option<&'a ir::Param> {
    ep.params.iter().find(|p| p.wire == wire)
}

/// The enum parameter `wire` (required or optional as said) and the variants of `values` in
/// its enum: `(field, enum, variants)`. An integer-valued enum for numeric values.
fn choice(
    ir: &Ir,
    ep: &Endpoint,
    wire: &str,
    required: bool,
    values: &[&str],
    needs: &mut Vec<String>,
) -> (String, String, Vec<String>) {
    let numeric = values.first().is_some_and(|v| v.parse::<i64>().is_ok());
    let found = param(ep, wire)
        .filter(|p| p.required == required)
        .and_then(|p| match &p.ty {
            Ty::Enum(name, integer) if values.is_empty() || *integer == numeric => {
                let e = ir.enums.iter().find(|e| &e.name == name)?;
                let variants: Option<Vec<String>> = values
                    .iter()
                    .map(|v| {
                        e.values
                            .iter()
                            .find(|x| x.wire == *v)
                            .map(|x| x.variant.clone())
                    })
                    .collect();
                Some((p.rust.clone(), name.clone(), variants?))
            }
            _ => None,
        });
    found.unwrap_or_else(|| {
        let kind = if numeric {
            "an integer enum"
        } else {
            "an enum"
        };
        let with = if values.is_empty() {
            String::new()
        } else {
            format!(" with the values {}", values.join(", "))
        };
        needs.push(format!(
            "{} parameter `{wire}` of {kind}{with}",
            if required {
                "a required"
            } else {
                "an optional"
            }
        ));
        Default::default()
    })
}

fn pair(v: Vec<String>) -> [String; 2] {
    let mut it = v.into_iter();
    [it.next().unwrap_or_default(), it.next().unwrap_or_default()]
}

fn ty_name(ty: &Ty) -> &'static str {
    match ty {
        Ty::String => "string",
        Ty::Bool => "bool",
        Ty::I64 => "i64",
        Ty::Decimal => "decimal",
        Ty::Enum(..) => "enum",
        _ => "typed",
    }
}
