# Moon River bot. Build: docker build -t moonriver .
# Run:   docker run -d --name moonriver -e DISCORD_TOKEN=... -v moonriver-data:/data moonriver
FROM python:3.11-slim AS build
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps -w /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 moonriver \
 && mkdir /data && chown moonriver /data
COPY --from=build /wheels /wheels
COPY requirements.lock /wheels/
# The wheel carries everything: code, game data, fonts and translations; its dependencies
# at the versions CI tested (requirements.lock).
RUN python -m venv /opt/moonriver \
 && /opt/moonriver/bin/pip install --no-cache-dir /wheels/*.whl -c /wheels/requirements.lock \
 && rm -rf /wheels
ENV PATH=/opt/moonriver/bin:$PATH \
    MOONRIVER_DB=/data/moonriver.sqlite3 \
    MOONRIVER_HEARTBEAT=/data/heartbeat \
    PYTHONUNBUFFERED=1
USER moonriver
VOLUME /data
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 \
    CMD ["moonriver", "health"]
CMD ["moonriver", "run"]
