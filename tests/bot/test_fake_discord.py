"""The fake Discord reads a multipart post as discord.py sends it: the JSON payload and
each file's exact size (the 10 MiB limit it checks depends on it)."""

from __future__ import annotations

import json

import aiohttp
from aiohttp import payload as aiohttp_payload

from tests.fake_discord import multipart_form


class _Sink:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def _encoded(form: aiohttp.FormData) -> tuple[bytes, str]:
    body = form()
    assert isinstance(body, aiohttp_payload.Payload)
    sink = _Sink()
    await body.write(sink)  # type: ignore[arg-type]
    content_type = body.content_type
    return bytes(sink.data), content_type.split("boundary=", 1)[1].strip('"')


async def test_payload_and_file_sizes_come_out_as_they_went_in() -> None:
    picture = bytes(range(256)) * 300 + b"\r\n--not-a-boundary\r\n"  # bytes that look risky
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "hi ✓", "flags": 64}),
                   content_type="application/json")
    form.add_field("files[0]", picture, filename="table.png", content_type="image/png")
    form.add_field("files[1]", b"", filename="empty.png", content_type="image/png")
    body, boundary = await _encoded(form)
    payload, files = multipart_form(body, boundary)
    assert payload == {"content": "hi ✓", "flags": 64}
    assert files == {"table.png": len(picture), "empty.png": 0}
