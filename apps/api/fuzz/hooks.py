"""Schemathesis hooks for the shop's API (loaded by fuzz.test.ts through SCHEMATHESIS_HOOKS).

The OpenAPI document states every rule JSON Schema can state. Three kinds of rule it cannot:

1. Rules no schema keyword expresses: a password is at most 72 bytes in UTF-8 (the document says
   72 characters and the bytes in words), a date of birth lies in the past and not before 1900,
   a GSTIN's last character is a checksum, an order the owner marks shipped carries its carrier
   and tracking number (one field's presence depending on another's value), a refund sent by hand
   names both its method and its reference, a coupon ends after it starts and takes at most 90%
   off, a product's price is at most its MRP and its sale is cheaper than it and ends after it
   starts (and a bundle names its contents, a single product one of the shop's tax classes), a date range's `from` is not after its `to`, a stock adjustment is not 0, texts to the
   owner are turned on only with a mobile number. `filter_body` and `filter_query` keep such values out of
   generated requests, so "schema-valid" means what the server means by valid.
2. File parts whose content must be what their type says: real images and a real PDF are
   registered for the media types the document names, so a valid upload is a decodable one.
3. Answers that depend on the server's state, not on the request's form: a link token, a code or
   a webhook signature that does not exist or does not match, the shopper's own address. The
   schema cannot make those right, so for each operation the error codes such a refusal may carry
   are listed in STATE_REFUSALS, and `refusals_are_about_state` fails any other refusal of a
   schema-valid request (a VALIDATION_ERROR above all: the document would be looser than the
   server). fuzz/schemathesis.toml lets 400 through the built-in positive_data_acceptance check
   so that this check can judge it.
"""

import base64
import datetime
import json
import re

import schemathesis
from hypothesis import strategies as st

# --- 2. Real files for the file parts -----------------------------------------------------------

_SAMPLES = {
    "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPQ97eCIwbiOAAqkwuBsChmFAAAAABJRU5ErkJggg==",
    "image/jpeg": "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXABT3/9k=",
    "image/webp": "UklGRiwAAABXRUJQVlA4ICAAAABQAQCdASoEAAQAAUAmJQBOgC6gAP71t/vd9etLc24gAA==",
    "image/gif": "R0lGODlhBAAEAIAAAExpcS9POiH5BAUAAAAALAAAAAAEAAQAAAIEjI8ZBQA7",
    "image/avif": "AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAACEAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAQAAAAEAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAApbWRhdBIACgg4BH2kBDQaQDITGUJjBMAANAAAkEDJHGFD/icHvQ==",
}
for _media_type, _data in _SAMPLES.items():
    schemathesis.openapi.media_type(_media_type, st.just(base64.b64decode(_data)))
schemathesis.openapi.media_type(
    "application/pdf",
    st.just(b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
)

# --- 1. What no schema keyword says --------------------------------------------------------------

_GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _gstin_valid(value: str) -> bool:
    """The official mod-36 check character (packages/contracts/src/fields.ts isValidGstin)."""
    if len(value) != 15:
        return False
    total = 0
    for i, char in enumerate(value[:14]):
        if char not in _GSTIN_CHARS:
            return False
        product = _GSTIN_CHARS.index(char) * (1 if i % 2 == 0 else 2)
        total += product // 36 + product % 36
    return _GSTIN_CHARS[(36 - total % 36) % 36] == value[14]


def _fits(key: str, value: object) -> bool:
    if key == "total_amount" and isinstance(value, (int, float)) and not isinstance(value, bool):
        # At most two decimals as JavaScript writes the number (String(n), orders.ts), which
        # `minimum`/`maximum` cannot say. Between 0 and the cap Python's repr writes a float as
        # JavaScript does (the shortest text that reads back the same), but for "5.0" where
        # JavaScript writes "5"; a tolerance on the cents instead let 999999.9999999999 through.
        text = repr(value)
        if text.endswith(".0"):
            text = text[:-2]
        return 0 <= value <= 1_000_000 and re.fullmatch(r"\d+(?:\.\d{1,2})?", text) is not None
    if not isinstance(value, str):
        return True
    lowered = key.lower()
    if "pass" in lowered:
        return len(value.encode("utf-8", "surrogatepass")) <= 72
    if key == "dob" and len(value) == 10:
        today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
        return "1900-01-01" <= value < today
    if lowered in ("gstnumber", "gstin"):
        # JavaScript's trim() and toUpperCase() first, as the server does.
        canonical = value.strip().upper()
        return canonical == "" or _gstin_valid(canonical)
    return True


def _items_fit(items: object) -> bool:
    """An order's lines of one product are merged, and together hold at most 20 units."""
    if not isinstance(items, list):
        return True
    units: dict = {}
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("quantity"), int):
            key = str(item.get("productId"))
            units[key] = units.get(key, 0) + item["quantity"]
    return all(total <= 20 for total in units.values())


def _shipment_fits(body: dict) -> bool:
    """The owner marks an order shipped only with its carrier and tracking number (admin.ts)."""
    if body.get("status") != "shipped":
        return True
    return all(
        isinstance(body.get(key), str) and body[key].strip() != "" for key in ("carrier", "trackingNumber")
    )


def _manual_refund_fits(body: dict) -> bool:
    """A refund sent by hand names both how and its reference, or neither (admin.ts)."""
    return ("refundMethod" in body) == ("refundReference" in body)


def _coupon_fits(body: dict) -> bool:
    """A coupon ends after it starts, and a percent one takes at most 90% off (coupons.ts)."""
    if body.get("kind") not in ("percent", "flat") or "value" not in body:
        return True
    if body.get("kind") == "percent" and isinstance(body.get("value"), int) and body["value"] > 90:
        return False
    return _ends_after_start(body)


def _ends_after_start(span: dict) -> bool:
    """A span with both times given ends after it starts (a time JavaScript cannot read is the
    schema's concern, not this rule's)."""
    start, end = span.get("startsAt"), span.get("endsAt")
    if not (isinstance(start, str) and isinstance(end, str)):
        return True
    try:
        parse = lambda text: datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        return parse(start) < parse(end)
    except ValueError:
        return True


_TAX_CLASSES = {("3304", 18), ("3401", 5)}


def _product_edit_fits(body: dict) -> bool:
    """A product's price is at most its MRP; a sale's price is below the price, and the sale ends
    after it starts; a bundle or hamper (and only it) names its contents, each product once; a
    single product's HSN code and rate are one of the shop's tax classes (gst.ts); a published
    product has a photo (products.ts)."""
    # A new product's body may leave its status out (a draft): price and MRP say it is one.
    if not all(key in body for key in ("price", "mrp")):
        return True
    price, mrp, sale = body.get("price"), body.get("mrp"), body.get("sale")
    if isinstance(price, int) and isinstance(mrp, int) and price > mrp:
        return False
    contents = body.get("contents")
    if isinstance(contents, list):
        bundle = body.get("category") in ("Bundle", "Hamper")
        if bundle != (len(contents) > 0):
            return False
        ids = [c.get("productId") for c in contents if isinstance(c, dict)]
        if len(set(map(str, ids))) < len(ids):
            return False
        if not bundle and (body.get("hsn"), body.get("gstRate")) not in _TAX_CLASSES:
            return False
    if body.get("status") == "published" and body.get("images") == []:
        return False
    if isinstance(sale, dict):
        if isinstance(sale.get("price"), int) and isinstance(price, int) and sale["price"] >= price:
            return False
        return _ends_after_start(sale)
    return True


def _stock_adjust_fits(body: dict) -> bool:
    """A stock adjustment receives or takes off at least one unit: never 0 (stock.ts)."""
    return body.get("adjust") != 0 or "reason" not in body


def _owner_texts_fit(body: dict) -> bool:
    """Texts to the owner are turned on only with the number to send them to (admin.ts)."""
    if body.get("sms") is not True or "smsPhone" not in body:
        return True
    return isinstance(body["smsPhone"], str) and body["smsPhone"] != ""


def _all_fit(value: object) -> bool:
    if isinstance(value, dict):
        if not (
            _items_fit(value.get("items"))
            and _shipment_fits(value)
            and _manual_refund_fits(value)
            and _coupon_fits(value)
            and _product_edit_fits(value)
            and _stock_adjust_fits(value)
            and _owner_texts_fit(value)
        ):
            return False
        return all(_fits(str(k), v) and _all_fit(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_all_fit(item) for item in value)
    return True


# Multipart text parts: on the wire every part is text, so a "number" or "object" generated for one
# arrives as its text, which the server rightly takes as text. Such bodies are left out.
_MULTIPART_TEXT_PARTS = {"POST /api/tickets": ("message",)}


def _text_parts_are_text(context, body) -> bool:
    operation = getattr(context, "operation", None)
    if operation is None or not isinstance(body, dict):
        return True
    label = f"{operation.method.upper()} {operation.path}"
    return all(
        isinstance(body[name], str) for name in _MULTIPART_TEXT_PARTS.get(label, ()) if name in body
    )


@schemathesis.hook
def filter_body(context, body):
    return _all_fit(body) and _text_parts_are_text(context, body)


def _query_fits(query: object) -> bool:
    """A date range runs forwards: `from` is not after `to` (GET /admin/gst)."""
    if not isinstance(query, dict):
        return True
    start, end = query.get("from"), query.get("to")
    return not (isinstance(start, str) and isinstance(end, str) and start > end)


@schemathesis.hook
def filter_query(context, query):
    return _query_fits(query)


# --- 3. Refusals that depend on the server's state ----------------------------------------------

_CODE = ("INVALID_OTP", "OTP_ATTEMPTS_EXCEEDED")
# An address the mail server refuses for good (mailer.ts): its verdict, not the schema's.
_MAILED = ("EMAIL_UNDELIVERABLE",)
# A product id of the right shape that no product has: which products exist is the shop's state
# (the owner adds them), so any operation naming one may meet this.
_ANY_OPERATION = ("UNKNOWN_PRODUCT",)
STATE_REFUSALS = {
    "POST /api/auth/register": _MAILED,
    "POST /api/waitlist": _MAILED,
    "POST /api/contact": _MAILED,
    # A link's token that was never issued, or is used up or expired.
    "POST /api/auth/verify-email": ("INVALID_TOKEN",),
    "POST /api/auth/reset-password": ("INVALID_TOKEN",),
    # A code that was never sent, or is wrong.
    "POST /api/auth/verify-otp": _CODE,
    "POST /api/auth/verify-email-otp": _CODE,
    "POST /api/auth/verify-phone-otp": _CODE,
    "POST /api/auth/two-step": _CODE,
    # Sign-in by phone: a wrong code, or a right one for a new number sent without a name.
    "POST /api/auth/phone/verify": (*_CODE, "NAME_REQUIRED"),
    # A cash-on-delivery order's code.
    "POST /api/orders/{id}/confirm-cod": _CODE,
    # A limit below the uses already taken; a body naming another coupon than the path (the
    # document cannot tie a body's field to a path parameter).
    "PUT /api/admin/coupons/{code}": ("COUPON_LIMIT_BELOW_USES", "COUPON_CODE_MISMATCH"),
    # The signed-in shopper's own address or number.
    "POST /api/auth/send-email-otp": ("SAME_EMAIL", *_MAILED),
    "POST /api/auth/send-phone-otp": ("SAME_PHONE",),
    # A body the provider did not sign.
    "POST /api/payments/webhook": ("INVALID_SIGNATURE",),
    # Pre-orders switched on with a first dispatch day already past in India (today is state).
    "PUT /api/admin/settings/shop": ("DISPATCH_DAY_PAST",),
}


def _text_parts_conform(case) -> bool:
    """Whether a multipart body's text parts meet their minLength.

    Schemathesis' coverage phase sends "positive" multipart bodies whose other parts are empty
    strings whatever their schema says (seen with `message: {minLength: 1}` beside an encoded file
    part); such a body is not schema-valid, so its refusal says nothing about the document.
    """
    if not (case.media_type or "").startswith("multipart/") or not isinstance(case.body, dict):
        return True
    definition = case.operation.get_body_for_media_type(case.media_type)
    schema = getattr(definition, "resolved_schema", None) or {}
    properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
    for name, value in case.body.items():
        minimum = properties.get(name, {}).get("minLength", 0) if isinstance(properties.get(name), dict) else 0
        if isinstance(value, str) and len(value) < minimum:
            return False
    return True


@schemathesis.check
def refusals_are_about_state(ctx, response, case):
    """A schema-valid request is refused only for the state it meets, never for its form."""
    meta = getattr(case, "meta", None)
    if meta is None or not meta.generation.mode.is_positive or not _text_parts_conform(case):
        return None
    # The coverage phase does not pass its bodies through `filter_body`: one that breaks a rule no
    # schema keyword states (section 1) is not schema-valid in the server's sense either.
    if not _all_fit(case.body) or not _query_fits(case.query):
        return None
    if response.status_code not in (400, 413, 415, 422):
        return None
    try:
        code = json.loads(response.content).get("code")
    except (ValueError, AttributeError):
        code = None
    label = f"{case.operation.method.upper()} {case.operation.path}"
    if code not in (*_ANY_OPERATION, *STATE_REFUSALS.get(label, ())):
        raise AssertionError(
            f"A schema-valid request was refused with {response.status_code} {code}: "
            "the OpenAPI document is looser than the server here"
        )
    return None
