"""Business rules that the schema cannot express, checked after every answer of loan-intake."""

import re

ID_NUMBER = re.compile(r"^\d{17}[\dX]$")
ROLES = (("plaintiff", "原告"), ("defendant", "被告"))


def merged(base, delta):
    out = dict(base or {})
    for key, value in (delta or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def validate(payload):
    output = payload["output"]
    profile = merged(payload["state"].get("profile"), output["profile"])

    wrong = []
    for role, label in ROLES:
        number = (profile.get(role) or {}).get("id_number")
        if number and not ID_NUMBER.match(number):
            wrong.append(f"profile.{role}.id_number: {label}身份证号 {number} 不是 18 位")
    if wrong:
        return {
            "action": "retry",
            "errors": wrong,
            "retry_prompt": "只写材料或用户给出的身份证号；没有就补问，不要编造。",
        }

    if output["control"]["action"] == "ask_user" or profile.get("intake_status") != "completed":
        return None

    questions = []
    for role, label in ROLES:
        party = profile.get(role) or {}
        if not party.get("id_number"):
            questions.append(
                {
                    "question": f"请补充{label}{party.get('name', '')}的身份证号",
                    "field_key": f"profile.{role}.id_number",
                    "input_type": "text",
                    "required": True,
                }
            )
    if questions:
        return {
            "action": "ask_user",
            "review_type": "clarify",
            "questions": questions,
            "response": "收案信息基本齐全，但起诉状需要当事人的身份证号，请补充。",
        }
    return {"action": "continue"}
