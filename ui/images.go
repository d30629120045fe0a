package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// imageScan bounds how many recent active memories the images page reads
// to find captured images (the listing has no source filter).
const imageScan = 500

// images shows image memories by capture state: pending and failed (with
// the reason) through the state filter, captured ones among the most
// recent active memories.
func (u *UI) images(w http.ResponseWriter, r *http.Request, req *request) error {
	byState := map[string][]*engine.Memory{}
	for _, st := range []string{engine.StatePending, engine.StateFailed} {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: 1, Size: engine.MaxPageSize, State: st})
		if err != nil {
			return err
		}
		byState[st] = p.Items
	}
	var captured []*engine.Memory
	scanned := 0
	for page := 1; scanned < imageScan; page++ {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: page, Size: engine.MaxPageSize, State: engine.StateActive})
		if err != nil {
			return err
		}
		for _, m := range p.Items {
			if m.Source != nil && m.Source.Kind == engine.SourceImage {
				captured = append(captured, m)
			}
		}
		scanned += len(p.Items)
		if page >= p.Pages {
			break
		}
	}
	u.render(w, req, http.StatusOK, "images", map[string]any{"Pending": byState[engine.StatePending],
		"Failed": byState[engine.StateFailed], "Captured": captured, "Scanned": scanned})
	return nil
}

// imageCSP is the policy of an image answer: nothing in it may run or
// load, even if a browser were talked into rendering it as a document.
const imageCSP = "default-src 'none'; sandbox"

// image serves the stored image of one of the user's image memories
// (engine Image: read in the user's own keyspace, so another user's id is
// a 404), its type sniffed from the bytes.
func (u *UI) image(w http.ResponseWriter, r *http.Request, req *request) error {
	data, ct, err := u.eng.Image(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	if notModified(w, r, etagOf(data, "")) {
		return nil
	}
	return writeImage(w, data, ct)
}

// thumb serves the image downscaled to fit the pages' thumbnail box.
func (u *UI) thumb(w http.ResponseWriter, r *http.Request, req *request) error {
	data, ct, err := u.eng.Image(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	// A browser revalidating a thumbnail it has is answered before the
	// image is decoded again.
	etag := etagOf(data, "-thumb")
	if notModified(w, r, etag) {
		return nil
	}
	small, sct, err := u.thumbs.get(r.Context(), etag, data, ct)
	if engine.ErrorCode(err) == engine.EUnavailable {
		return err
	}
	if err != nil {
		return engine.Internal("thumbnail", err)
	}
	return writeImage(w, small, sct)
}

// writeImage answers with image bytes: only an image type the engine
// sniffed, never sniffed again by the browser.
func writeImage(w http.ResponseWriter, data []byte, contentType string) error {
	if !imageTypes[contentType] {
		return engine.Internal("serve image", fmt.Errorf("refusing to serve %q as an image", contentType))
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Security-Policy", imageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
	return nil
}

// imageTypes are the only types an image answer may carry.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// etagOf names an image's bytes (and the variant served from them): a
// blob never changes, so the hash is a strong validator.
func etagOf(data []byte, variant string) string {
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:16]) + variant + `"`
}

// notModified sets the caching headers and answers 304 when the browser
// already has this version. The owner check has run before, so a 304 says
// nothing to anyone else. Cached by this browser only (the bytes are one
// user's); a blob never changes but its memory may be deleted, hence an
// hour.
func notModified(w http.ResponseWriter, r *http.Request, etag string) bool {
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "private, max-age=3600")
	for _, tag := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if t := strings.TrimSpace(tag); t == etag || t == "W/"+etag {
			w.WriteHeader(http.StatusNotModified)
			return true
		}
	}
	return false
}
