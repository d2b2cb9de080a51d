"""Message bodies checked as Discord checks them: a bad body is a 400 with code 50035 and the form's errors."""

from __future__ import annotations

from typing import Any

from tests.loopback import mentions

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_NONCE = 25
IS_COMPONENTS_V2 = 1 << 15


class FormError(Exception):
    """A 400 answer: `body` is Discord's JSON error."""

    def __init__(self, body: dict[str, Any]) -> None:
        super().__init__(body.get("message"))
        self.body = body


def invalid_form(errors: dict) -> FormError:
    return FormError({"message": "Invalid Form Body", "code": 50035, "errors": errors})


def _error(code: str, message: str) -> dict:
    return {"_errors": [{"code": code, "message": message}]}


def check_message(body: dict[str, Any], *, creating: bool, files: int = 0, prefix: str | None = None) -> None:
    """Raise FormError if Discord would refuse this message body (`prefix`: callbacks nest it under "data")."""
    errors: dict[str, Any] = {}
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        errors["content"] = _error("BASE_TYPE_STRING", "Must be a string.")
    elif content is not None and len(content) > MAX_CONTENT:
        errors["content"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        errors["embeds"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    nonce = body.get("nonce")
    if isinstance(nonce, str) and len(nonce) > MAX_NONCE:
        errors["nonce"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_NONCE} or fewer in length.")
    if not (body.get("flags") or 0) & IS_COMPONENTS_V2:
        component_errors = _components(body.get("components") or [])
        if component_errors:
            errors["components"] = component_errors
    mention_errors = mentions.form_errors(body.get("allowed_mentions"))
    if mention_errors:
        errors.update(mention_errors)
    if errors:
        raise invalid_form({prefix: errors} if prefix else errors)
    if creating and not (content or embeds or body.get("components") or files or body.get("sticker_ids")
                         or body.get("poll")):
        raise FormError({"message": "Cannot send an empty message", "code": 50006})


def _components(rows: list[dict]) -> dict[str, Any]:
    errors: dict[str, Any] = {}
    if len(rows) > MAX_ROWS:
        return _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row.get("type") != 1:
            errors[str(i)] = _error("UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
            continue
        children = row.get("components") or []
        row_errors: dict[str, Any] = {}
        if not children or len(children) > MAX_ROW_BUTTONS:
            row_errors["components"] = _error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        for j, child in enumerate(children):
            child_errors = _component(child, seen)
            if child_errors:
                row_errors.setdefault("components", {})[str(j)] = child_errors
        if row_errors:
            errors[str(i)] = row_errors
    return errors


def _component(c: dict, seen: set[str]) -> dict[str, Any]:
    errors: dict[str, Any] = {}
    if c.get("type") == 2 and c.get("style") == 5:
        if not c.get("url"):
            errors["url"] = _error("BASE_TYPE_REQUIRED", "This field is required")
    elif c.get("type") in (2, 3, 5, 6, 7, 8):
        cid = c.get("custom_id")
        if not cid:
            errors["custom_id"] = _error("BASE_TYPE_REQUIRED", "This field is required")
        elif len(cid) > MAX_CUSTOM_ID:
            errors["custom_id"] = _error("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_CUSTOM_ID} in length.")
        elif cid in seen:
            errors["custom_id"] = _error("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        else:
            seen.add(cid)
    if c.get("type") == 2 and len(c.get("label") or "") > MAX_LABEL:
        errors["label"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_LABEL} or fewer in length.")
    return errors


def check_choices(choices: list[dict]) -> None:
    """Autocomplete results: at most 25, names 1-100 characters, string values at most 100."""
    errors: dict[str, Any] = {}
    if len(choices) > 25:
        errors["choices"] = _error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices[:25]):
        name, value = choice.get("name") or "", choice.get("value")
        item: dict[str, Any] = {}
        if not 1 <= len(name) <= 100:
            item["name"] = _error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if isinstance(value, str) and len(value) > 100:
            item["value"] = _error("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        if item:
            errors.setdefault("choices", {})[str(i)] = item
    if errors:
        raise invalid_form({"data": errors})
