package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// imageFile is where the server keeps the image file with this sha.
func imageFile(dataDir, sha string) string {
	return filepath.Join(dataDir, "images", sha[:2], sha)
}

// captured adds an inline image as who, waits for its capture and
// returns the memory's id and the sha of its file.
func captured(t *testing.T, s *testServer, who as, i int) (id, sha string) {
	t.Helper()
	r := s.post(t, who, "/api/v1/memories", map[string]any{"text": pngDataURI(t, i)})
	wantStatus(t, r, http.StatusOK)
	res, _ := r.body["results"].([]any)
	if len(res) != 1 {
		t.Fatalf("adding an image: %s", r.raw)
	}
	id, _ = res[0].(map[string]any)["id"].(string)
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		m := s.get(t, who, "/api/v1/memories/"+id)
		wantStatus(t, m, http.StatusOK)
		src, _ := m.body["source"].(map[string]any)
		sha, _ = src["blob_sha256"].(string)
		if m.body["state"] == "active" && sha != "" {
			return id, sha
		}
		if time.Now().After(end) {
			t.Fatalf("image %d not captured: %s", i, m.raw)
		}
	}
}

func wantImageFile(t *testing.T, dataDir, sha string, kept bool) {
	t.Helper()
	_, err := os.Stat(imageFile(dataDir, sha))
	switch {
	case kept && err != nil:
		t.Errorf("image file %.12s: %v; want it kept", sha, err)
	case !kept && !os.IsNotExist(err):
		t.Errorf("image file %.12s still on disk (%v); want it removed", sha, err)
	}
}

// TestDeletedImagesLeaveTheDisk drives the real server over HTTP: deleting
// a photo (alone, in a batch, by correcting then deleting, by erasing the
// user) removes its file from the data directory, and a file another
// memory (of this or another user) still names stays.
func TestDeletedImagesLeaveTheDisk(t *testing.T) {
	s, aliceKey, bobKey := authServer(t)
	alice, bob := as{key: aliceKey, place: keyBearer}, as{key: bobKey, place: keyBearer}
	solo, soloSHA := captured(t, s, alice, 1)
	batchA, shaA := captured(t, s, alice, 2)
	batchB, shaB := captured(t, s, alice, 3)
	aliceShared, sharedSHA := captured(t, s, alice, 4)
	bobShared, bobSHA := captured(t, s, bob, 4)
	if bobSHA != sharedSHA {
		t.Fatalf("the same bytes got two files: %s, %s", sharedSHA, bobSHA)
	}
	wantImageFile(t, s.dataDir, soloSHA, true)

	wantStatus(t, s.del(t, alice, []string{solo}, nil), http.StatusOK)
	wantImageFile(t, s.dataDir, soloSHA, false)
	wantStatus(t, s.get(t, alice, "/api/v1/memories/"+solo), http.StatusNotFound)

	wantStatus(t, s.del(t, alice, []string{batchA, batchB, "no-such-id"}, nil), http.StatusOK)
	wantImageFile(t, s.dataDir, shaA, false)
	wantImageFile(t, s.dataDir, shaB, false)

	wantStatus(t, s.del(t, alice, []string{aliceShared}, nil), http.StatusOK)
	wantImageFile(t, s.dataDir, sharedSHA, true) // bob's memory names it
	if m := s.get(t, bob, "/api/v1/memories/"+bobShared); m.status != http.StatusOK {
		t.Fatalf("bob's image memory: %s", m.raw)
	}

	corrected, correctedSHA := captured(t, s, alice, 5)
	fix := s.do(t, req{method: http.MethodPatch, path: "/api/v1/memories/" + corrected, key: alice.key, place: alice.place,
		body: map[string]any{"text": "a photo of the harbour at night, not at dusk"}})
	wantStatus(t, fix, http.StatusOK)
	wantImageFile(t, s.dataDir, correctedSHA, true) // superseded, not deleted: kept
	res, _ := fix.body["results"].([]any)
	ids := []string{corrected}
	for _, r := range res {
		if id, _ := r.(map[string]any)["id"].(string); id != "" && id != corrected {
			ids = append(ids, id)
		}
	}
	wantStatus(t, s.del(t, alice, ids, nil), http.StatusOK)
	wantImageFile(t, s.dataDir, correctedSHA, false)

	erase := s.do(t, req{method: http.MethodDelete, path: "/api/v1/users/me", key: bob.key, place: bob.place,
		body: map[string]any{"confirm": "bob"}})
	wantStatus(t, erase, http.StatusOK)
	wantImageFile(t, s.dataDir, sharedSHA, false)
}

// blobRows counts the stored images with this sha in the database at url.
func blobRows(t *testing.T, url, sha string) int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(t.Context(), "SELECT count(*) FROM blobs WHERE sha256 = $1", sha).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestHostedDeletedImagesLeaveTheDatabase: two replicas on one database
// over HTTP. A photo captured through one replica is read through the
// other; deleting it through the other replica removes its image from the
// database, unless another user's memory names the same bytes.
func TestHostedDeletedImagesLeaveTheDatabase(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	url := pg.NewEmptyDatabase(t)
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": url}
	r0, r1 := startServer(t, env), startServer(t, env)
	alice := as{key: mintKey(t, secret, r0.dataDir, "alice"), place: keyBearer}
	bob := as{key: mintKey(t, secret, r1.dataDir, "bob"), place: keyBearer}

	own, ownSHA := captured(t, r0, alice, 7)
	if m := r1.get(t, alice, "/api/v1/memories/"+own); m.status != http.StatusOK || m.body["state"] != "active" {
		t.Fatalf("the other replica reads %d %s", m.status, m.raw)
	}
	shared, sharedSHA := captured(t, r0, alice, 8)
	bobs, bobSHA := captured(t, r1, bob, 8)
	if bobSHA != sharedSHA || blobRows(t, url, sharedSHA) != 1 {
		t.Fatalf("the same bytes: %s and %s, %d rows", sharedSHA, bobSHA, blobRows(t, url, sharedSHA))
	}
	wantStatus(t, r1.del(t, alice, []string{own, shared}, nil), http.StatusOK)
	if n := blobRows(t, url, ownSHA); n != 0 {
		t.Errorf("alice's own photo: %d rows after its delete through the other replica; want 0", n)
	}
	if n := blobRows(t, url, sharedSHA); n != 1 {
		t.Errorf("the photo bob also sent: %d rows; want it kept", n)
	}
	wantStatus(t, r0.del(t, bob, []string{bobs}, nil), http.StatusOK)
	if n := blobRows(t, url, sharedSHA); n != 0 {
		t.Errorf("the shared photo after both deletes: %d rows; want 0", n)
	}
}
