package media

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine/redact"
)

// RefKind says how an image reference arrived.
type RefKind string

// The kinds of image reference Classify recognises.
const (
	KindURL     RefKind = "url"      // an http(s) URL to fetch
	KindDataURI RefKind = "data_uri" // data:image/…;base64,…
	KindBase64  RefKind = "base64"   // bare base64 of an image file
)

// MinBase64Len is the shortest bare base64 item considered as an image. The
// smallest real images (a 1×1 GIF) are ~35 bytes, 48 characters; anything
// shorter is a word, an ID or a token, whatever its alphabet.
const MinBase64Len = 48

// Ref is an image reference found among add_memories items.
type Ref struct {
	Kind RefKind
	// URL is the trimmed URL for KindURL; empty otherwise.
	URL string
	// Data holds the decoded bytes for KindDataURI and KindBase64.
	Data []byte
	// Confident is false only for a URL whose path has no image extension:
	// it is an image only if the bytes it serves sniff as one, which the
	// fetcher decides (a Fetch error with CauseNotImage then means "this was
	// an ordinary link", not "a broken image").
	Confident bool
	// Err is set when the item is clearly meant as an image but cannot be
	// decoded (malformed base64 in a data:image URI); the caller can refuse
	// the item up front with Err's message.
	Err error
}

// Classify recognises an image reference: an http(s) URL (confident when its
// path ends in an image extension, tentative otherwise), a data:image URI, or
// bare base64 whose decoded bytes start with PNG, JPEG, GIF or WebP magic.
// The whole trimmed item must be the reference: a sentence that contains a
// URL is text. URLs to obvious documents (.html, .pdf, .json…) are not images.
func Classify(item string) (Ref, bool) {
	s := strings.TrimSpace(item)
	if s == "" {
		return Ref{}, false
	}
	if hasPrefixFold(s, "data:") {
		return classifyDataURI(s)
	}
	if hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://") {
		return classifyURL(s)
	}
	return classifyBase64(s)
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func classifyURL(s string) (Ref, bool) {
	if strings.ContainsAny(s, " \t\r\n") {
		return Ref{}, false
	}
	u, err := url.Parse(s)
	if err != nil || u.Hostname() == "" {
		return Ref{}, false
	}
	ext := strings.ToLower(path.Ext(u.Path))
	if _, secret := u.User.Password(); secret && !isDocumentExt(ext) {
		// The URL is stored as the memory's source and shown until the
		// capture ends, where text would have its credentials redacted
		// (engine/redact): refused rather than kept or quietly changed.
		return Ref{Kind: KindURL, Err: fmt.Errorf("the image URL carries a password; send the image inline or from a URL without credentials")}, true
	}
	if name, ok := credentialPart(u); ok && !isDocumentExt(ext) {
		// The same holds for a token in the query or fragment (a signed
		// link's signature, ?access_token=): text has it redacted, the
		// source URL would keep it.
		return Ref{Kind: KindURL, Err: fmt.Errorf("the image URL carries a credential (%s); send the image inline "+
			"or from a URL without credentials", name)}, true
	}
	switch {
	case isImageExt(ext):
		return Ref{Kind: KindURL, URL: s, Confident: true}, true
	case isDocumentExt(ext):
		return Ref{}, false
	default:
		return Ref{Kind: KindURL, URL: s}, true
	}
}

// credentialPart names the part of u's query or fragment that holds a
// credential: a query parameter named for one (redact.IsCredentialName) whose value
// is long enough to be one, or a secret of a known shape (engine/redact) in
// any parameter or the fragment. Values are not judged by how random they
// look: public image hosts put random ids in their queries (Unsplash's
// ixid, a video thumbnail's rs), and a long random path is how many of them
// name a public file.
func credentialPart(u *url.URL) (string, bool) {
	params := u.Query()
	names := slices.Sorted(maps.Keys(params))
	for _, name := range names {
		for _, v := range params[name] {
			if (redact.IsCredentialName(name) && credentialValue(v)) || redact.HasKnownSecret(v) {
				return fmt.Sprintf("query parameter %q", name), true
			}
		}
	}
	if frag := u.Fragment; frag != "" {
		if fq, err := url.ParseQuery(frag); err == nil {
			for name, vs := range fq {
				for _, v := range vs {
					if redact.IsCredentialName(name) && credentialValue(v) {
						return "the fragment", true
					}
				}
			}
		}
		if redact.HasKnownSecret(frag) {
			return "the fragment", true
		}
	}
	return "", false
}

// minCredentialLen is the shortest value a credential-named parameter is
// taken for a credential by: "key=thumb" or "token=1" name no secret.
const minCredentialLen = 8

// credentialValue reports whether v, the value of a credential-named
// parameter, can be one: long enough, one word (no spaces), and not a path
// or file name (a storage proxy's key=uploads/2024/photo.png names an
// object, not a secret).
func credentialValue(v string) bool {
	return len(v) >= minCredentialLen && !strings.ContainsAny(v, " /") && path.Ext(v) == ""
}

// isImageExt lists image extensions, including formats this package cannot
// decode: a link to photo.heic is meant as an image, and failing with
// "unsupported image format" is more honest than storing it as text.
func isImageExt(ext string) bool {
	switch ext {
	case ".png", ".jpg", ".jpeg", ".jpe", ".jfif", ".pjpeg", ".gif", ".webp",
		".bmp", ".tif", ".tiff", ".svg", ".ico", ".heic", ".heif", ".avif":
		return true
	}
	return false
}

// isDocumentExt lists extensions that are never images in practice; a link
// to one is ordinary text. Dynamic pages (.php, .aspx, no extension) stay
// tentative because they often serve images.
func isDocumentExt(ext string) bool {
	switch ext {
	case ".html", ".htm", ".xhtml", ".shtml", ".pdf", ".txt", ".md", ".json",
		".xml", ".rss", ".atom", ".css", ".js", ".mjs", ".csv", ".zip", ".gz",
		".tar", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx",
		".mp3", ".mp4", ".mov", ".webm", ".wav", ".ogg":
		return true
	}
	return false
}

func classifyDataURI(s string) (Ref, bool) {
	header, payload, ok := strings.Cut(s[len("data:"):], ",")
	mediaType, params, _ := strings.Cut(header, ";")
	if !ok || !hasPrefixFold(strings.TrimSpace(mediaType), "image/") {
		return Ref{}, false
	}
	ref := Ref{Kind: KindDataURI, Confident: true}
	if !containsFold(strings.Split(params, ";"), "base64") {
		// RFC 2397 allows percent-encoded data (used for SVG).
		data, err := url.PathUnescape(payload)
		if err != nil {
			ref.Err = fmt.Errorf("malformed data URI: %w", err)
			return ref, true
		}
		ref.Data = []byte(data)
		return ref, true
	}
	data, err := decodeBase64(stripNewlines(payload))
	if err != nil {
		ref.Err = fmt.Errorf("malformed base64 in data URI: %w", err)
		return ref, true
	}
	ref.Data = data
	return ref, true
}

func containsFold(list []string, want string) bool {
	for _, s := range list {
		if strings.EqualFold(strings.TrimSpace(s), want) {
			return true
		}
	}
	return false
}

func classifyBase64(s string) (Ref, bool) {
	s = stripNewlines(s)
	if len(s) < MinBase64Len || !isBase64Alphabet(s) {
		return Ref{}, false
	}
	// Check the magic on a short prefix before decoding everything, so long
	// base64-looking text costs almost nothing to reject.
	head, err := decodeBase64(s[:16])
	if err != nil || !hasImageMagic(head) {
		return Ref{}, false
	}
	data, err := decodeBase64(s)
	if err != nil || !hasImageMagic(data) {
		return Ref{}, false
	}
	return Ref{Kind: KindBase64, Data: data, Confident: true}, true
}

// stripNewlines removes line breaks that wrapped base64 (MIME, PEM style)
// carries; spaces are not removed, as they separate words in text.
func stripNewlines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", "", "\n", "").Replace(s)
}

func isBase64Alphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' ||
			c == '+' || c == '/' || c == '-' || c == '_' || (c == '=' && i >= len(s)-2)
		if !ok {
			return false
		}
	}
	return true
}

// decodeBase64 accepts standard or URL-safe alphabets, padded or not, since
// clients differ; whitespace must already be stripped.
func decodeBase64(s string) ([]byte, error) {
	enc := base64.StdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.URLEncoding
	}
	if !strings.HasSuffix(s, "=") && len(s)%4 != 0 {
		enc = enc.WithPadding(base64.NoPadding)
	}
	return enc.DecodeString(s)
}

// hasImageMagic reports whether b starts like a PNG, JPEG, GIF or WebP file.
func hasImageMagic(b []byte) bool {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return true
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return true
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return true
	}
	return false
}
