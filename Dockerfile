# syntax=docker/dockerfile:1
#
# Containment: UIKit view controller containment as an HTTP service.
#
#   docker build -t containment .
#   docker run --rm -p 8080:8080 containment
#
# Two stages: a Swift toolchain image compiles a release binary with the Swift runtime linked
# statically (libdeflate's archive too), and a slim Debian image runs it with nothing but
# libmicrohttpd, libyaml, SQLite and libpq beside it.
# See docs/container.md for the configuration and a compose example.

############################################################################################
# Build stage
############################################################################################
FROM swift:6.3-bookworm AS build

# libmicrohttpd's, libyaml's, libdeflate's and SQLite's headers and pkg-config files, found
# through the CMicroHTTPD, CYAML, CLibDeflate and CSQLite system libraries (libdeflate's static
# archive is linked in), and libpq's header (CLibPQ: libpq itself is loaded at run time).
# Versions are not pinned: bookworm only ships security and stability fixes, and a pinned
# version disappears from the mirror when one lands.
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd-dev libyaml-dev libdeflate-dev libsqlite3-dev libpq-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src

# Dependency resolution gets its own layer: it is only redone when the manifest (or the pinned
# versions, when a Package.resolved is in the context) changes, not on every source edit.
COPY Package.swift Package.resolved* ./
RUN if [ -f Package.resolved ]; then swift package resolve --force-resolved-versions; \
    else swift package resolve; fi

# Sources come after, so an edit only rebuilds from here. Tests/ is needed only because the
# manifest declares test targets, which SwiftPM requires to exist even when building one product.
# Plugins/ and the files it reads (openapi.yaml, the conformance corpus; the inspector is in
# Sources/) are embedded into the binary at build time (docs/architecture.md, Generated code).
COPY Sources/ Sources/
COPY Tests/ Tests/
COPY Plugins/ Plugins/
COPY openapi.yaml ./
COPY conformance/scenarios/ conformance/scenarios/

# `POST /v1/swift` and `containment explain` (the `SwiftSource` package trait: swift-syntax) are
# left out unless `--build-arg SWIFT_SOURCE=1`: they make a clean build of the image several
# times longer (docs/deployment.md, "Swift source support"). Without them the route answers 501
# `swift_source_not_built`.
ARG SWIFT_SOURCE=0
#
# The compiler's output lives in a cache mount rather than in a layer: an edit recompiles only
# the modules it touches (not every dependency), and no object file ends up in any image. The
# resolved checkouts are refreshed from the layer above on every build, so the mount can never
# hold stale dependency sources. Needs BuildKit (Docker's default builder) or podman/buildah.
RUN --mount=type=cache,id=containment-swiftpm-build,target=/build,sharing=locked \
    rm -rf /build/checkouts && cp -a .build/. /build/ \
    && if [ "$SWIFT_SOURCE" = 1 ]; then traits="--traits SwiftSource"; else traits="--disable-default-traits"; fi \
    && swift build -c release --static-swift-stdlib $traits --product containment --scratch-path /build \
    && mkdir -p /staging \
    && cp /build/release/containment /staging/ \
    && strip /staging/containment

############################################################################################
# Runtime stage
############################################################################################
FROM debian:bookworm-slim

# Filled in by the release pipeline (scripts/container-smoke passes the git revision).
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG SOURCE=""
ARG LICENSES=NOASSERTION

LABEL org.opencontainers.image.title="containment" \
      org.opencontainers.image.description="UIKit view controller containment as an HTTP service: trees of controllers in memory, every lifecycle callback returned as JSON events in UIKit's order." \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="${LICENSES}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}"

# The only libraries the binary needs beyond libc (in the base image; libstdc++ is linked in
# statically); libpq5 is loaded only with --state-url (CONTAINMENT_STATE_URL, PostgreSQL).
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd12 libyaml-0-2 libsqlite3-0 libpq5 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --no-log-init --uid 10001 --user-group --no-create-home \
         --home-dir /nonexistent --shell /usr/sbin/nologin containment

COPY --from=build /staging/containment /usr/local/bin/containment

# Inside a container the service must listen on every interface to be reachable. Every other
# setting has an environment variable read by `containment serve`; `containment serve --help`
# lists them with their defaults (derived from the configuration, so this file cannot go stale),
# and docs/operating.md explains each limit.
ENV HOST=0.0.0.0 \
    PORT=8080

USER 10001:10001
EXPOSE 8080

# `containment healthcheck` asks this container's /healthz and exits 0 on a 200, so the image
# needs no curl or wget. Without --url it probes 127.0.0.1 on PORT (default 8080), read as
# `serve` reads it, so it follows an overridden PORT without a shell.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["containment", "healthcheck"]

# SIGTERM starts a graceful stop: no new connections, open streams ended, then exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["containment"]
CMD ["serve"]
