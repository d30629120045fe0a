# memsvc container: a static binary on a distroless base, data in /data.
#   docker build -t memsvc .            (or: make docker)
#   docker run -p 127.0.0.1:8765:8765 -v memsvc-data:/data memsvc
# Inside a container the server must listen on all interfaces, which memsvc
# refuses with auth off unless told: MEMSVC_ALLOW_OPEN=true says so, because
# the port is meant to be published on loopback only (as above). Publishing
# it beyond loopback (-p 8765:8765) gives anyone who reaches it every user's
# memories: set MEMSVC_AUTH_SECRET first.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/memsvc ./cmd/memsvc \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/memsvc /usr/local/bin/memsvc
COPY --from=build --chown=nonroot:nonroot /out/data /data
ENV MEMSVC_ADDR=0.0.0.0:8765 \
    MEMSVC_ALLOW_OPEN=true \
    MEMSVC_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 8765
USER nonroot
ENTRYPOINT ["/usr/local/bin/memsvc"]
CMD ["serve"]
