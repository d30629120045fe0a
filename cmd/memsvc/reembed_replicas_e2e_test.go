package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine/store/postgres"
)

// TestReembedWhileReplicaServesOnPostgres: memsvc reembed runs against a
// PostgreSQL database while a replica of the old embedder still serves
// it. The replica noticed nothing: it searched the new vectors with its
// old embedder and wrote vectors of the old model into a store recording
// the new one, which no later pass fixed. Now the replica notices within
// seconds and refuses requests (503 naming the mismatch and what to do,
// its health degraded), and every write it acknowledged meanwhile is
// re-embedded by the command's last pass.
func TestReembedWhileReplicaServesOnPostgres(t *testing.T) {
	pgEnv := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
	replica := startServerOn(t, t.TempDir(), pgEnv)
	stored := len(fillServer(t, replica, noteTexts(40)...))
	env := ollamaEnv(slowEmbeddings(t, scriptedOllamaEmbeddings(t)))
	for k, v := range pgEnv {
		env[k] = v
	}
	cmd := exec.Command(builtBinary(t), "reembed", "--data", t.TempDir(), "--reembed-batch", "1")
	cmd.Env = []string{"HOME=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked, refusal := addUntilRefused(t, replica)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("reembed beside a running replica: %v; stderr:\n%s", err, stderr.String())
	}
	for _, want := range []string{"memsvc reembed", "restart it", "scripted-embed"} {
		if !strings.Contains(refusal, want) {
			t.Errorf("the stale replica's refusal lacks %q: %s", want, refusal)
		}
	}
	health := replica.get(t, anon, "/api/health")
	if health.status != http.StatusServiceUnavailable || !strings.Contains(string(health.raw), "scripted-embed") {
		t.Errorf("the stale replica's health: %d %s; want 503 naming the store's model", health.status, health.raw)
	}
	st, err := postgres.Open(context.Background(), postgres.Options{URL: pgEnv["MEMSVC_POSTGRES_URL"]})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got, want := movedTo(t, st, "scripted-embed"), stored+acked; got != want {
		t.Errorf("%d memories hold vectors of the new model, want all %d (%d written by the stale replica meanwhile); reembed stderr:\n%s",
			got, want, acked, stderr.String())
	}
}

// addUntilRefused adds memories through s until it refuses one with 503,
// and returns how many it acknowledged and the refusal's body.
func addUntilRefused(t *testing.T, s *testServer) (acked int, refusal string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for i := 0; time.Now().Before(deadline); i++ {
		r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
			body: map[string]any{"text": fmt.Sprintf("Written meanwhile, item %d of the inventory", i), "infer": false}})
		switch r.status {
		case http.StatusOK:
			acked++
		case http.StatusServiceUnavailable:
			return acked, string(r.raw)
		default:
			t.Fatalf("add through the replica: %d %s", r.status, r.raw)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the replica never refused a write while the store moved to another embedder")
	return 0, ""
}
