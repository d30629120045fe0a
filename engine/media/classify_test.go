package media

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClassify(t *testing.T) {
	png := pngBytes(t, 8, 8)
	gifData := gifBytes(t, 1, 1)
	webp := webpBytes(t, "lossless-1x1.webp")
	b64 := base64.StdEncoding.EncodeToString
	tests := []struct {
		name    string
		item    string
		want    Ref
		wantOK  bool
		wantErr bool // Ref.Err set
	}{
		// Plain text and short tokens are never images.
		{name: "empty", item: "   "},
		{name: "words", item: "hello world"},
		{name: "short base64 word", item: "SGVsbG8="},
		{name: "sentence", item: "our cat Miso on the sofa"},
		{name: "long identifier", item: "ThisIsAVeryLongIdentifierWithoutAnySpacesThatLooksLikeBase64"},
		{name: "base64 of text", item: b64([]byte("this is a perfectly ordinary sentence, base64 encoded for fun"))},
		{name: "base64 of image too short", item: b64(png[:20])},
		{name: "sentence with image URL", item: "look at https://example.com/cat.png"},
		{name: "conversation turn", item: "user: https://example.com/cat.png is my cat"},

		// URLs.
		{name: "image URL with a password", item: "https://bob:hunter2@example.com/cat.png",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "tentative URL with a password", item: "https://bob:hunter2@example.com/photo?id=3",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "image URL with a token in its query", item: "https://example.com/cat.png?w=200&access_token=Qx81kPz3Lm",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "signed image URL", item: "https://bucket.example.com/cat.png?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20240101" +
			"&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "tentative URL with a key in its query", item: "https://maps.example.com/static?size=600x300&key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "image URL with a token in its fragment", item: "https://example.com/cat.png#access_token=Qx81kPz3Lm",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "ordinary query and random path kept", item: "https://cdn.example.com/ACg8ocJz7XkQ1vR2pL9mN4bT6yW8eH3sF5dG0aK2jU7iO1qZ.png?w=320&fit=crop&page=2",
			want: Ref{Kind: KindURL, URL: "https://cdn.example.com/ACg8ocJz7XkQ1vR2pL9mN4bT6yW8eH3sF5dG0aK2jU7iO1qZ.png?w=320&fit=crop&page=2",
				Confident: true}, wantOK: true},
		{name: "random ids in a public host's query kept", item: "https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixlib=rb-4.0.3" +
			"&ixid=M3wxMjA3fDB8MHxwaG90by1wYWdlfHx8fGVufDB8fHx8fA%3D%3D&w=2070",
			want: Ref{Kind: KindURL, URL: "https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixlib=rb-4.0.3" +
				"&ixid=M3wxMjA3fDB8MHxwaG90by1wYWdlfHx8fGVufDB8fHx8fA%3D%3D&w=2070"}, wantOK: true},
		{name: "thumbnail with a random rs kept", item: "https://i.ytimg.com/vi/abc/maxresdefault.jpg?sqp=-oaymwEmCIAKENAF8quKqQMa8AEB-AH-CYAC0AWKAgwIABABGGUgZShlMA8=&rs=AOn4CLBVjwHQrtP3TkV3fBvaVqXfzWb0Ag",
			want: Ref{Kind: KindURL, URL: "https://i.ytimg.com/vi/abc/maxresdefault.jpg?sqp=-oaymwEmCIAKENAF8quKqQMa8AEB-AH-CYAC0AWKAgwIABABGGUgZShlMA8=&rs=AOn4CLBVjwHQrtP3TkV3fBvaVqXfzWb0Ag",
				Confident: true}, wantOK: true},
		{name: "short value of a key-named parameter kept", item: "https://example.com/cat.png?key=thumb",
			want: Ref{Kind: KindURL, URL: "https://example.com/cat.png?key=thumb", Confident: true}, wantOK: true},
		{name: "object key naming a file kept", item: "https://cdn.example.com/get?key=uploads/2024/photo-large.png",
			want: Ref{Kind: KindURL, URL: "https://cdn.example.com/get?key=uploads/2024/photo-large.png"}, wantOK: true},
		{name: "api_token refused", item: "https://example.com/cat.png?api_token=Qx81kPz3Lm9a",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "oauth_signature refused", item: "https://example.com/cat.png?oauth_signature=Qx81kPz3Lm9a",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "subscription-key refused", item: "https://example.com/cat.png?subscription-key=Qx81kPz3Lm9a",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "known key shape under any name", item: "https://example.com/cat.png?x=ghp_abcdefghijklmnopqrstuvwxyz0123",
			want: Ref{Kind: KindURL}, wantOK: true, wantErr: true},
		{name: "image URL with a user name only", item: "https://bob@example.com/cat.png",
			want: Ref{Kind: KindURL, URL: "https://bob@example.com/cat.png", Confident: true}, wantOK: true},
		{name: "png URL", item: " https://example.com/cat.png ",
			want: Ref{Kind: KindURL, URL: "https://example.com/cat.png", Confident: true}, wantOK: true},
		{name: "jpeg URL with query, upper case", item: "HTTP://cdn.example.com/a/B.JPEG?w=200#x",
			want: Ref{Kind: KindURL, URL: "HTTP://cdn.example.com/a/B.JPEG?w=200#x", Confident: true}, wantOK: true},
		{name: "webp URL", item: "https://example.com/p.webp",
			want: Ref{Kind: KindURL, URL: "https://example.com/p.webp", Confident: true}, wantOK: true},
		{name: "heic URL is an image even if undecodable", item: "https://example.com/p.heic",
			want: Ref{Kind: KindURL, URL: "https://example.com/p.heic", Confident: true}, wantOK: true},
		{name: "extensionless URL is tentative", item: "https://example.com/photos/42",
			want: Ref{Kind: KindURL, URL: "https://example.com/photos/42"}, wantOK: true},
		{name: "php URL is tentative", item: "https://example.com/image.php?id=3",
			want: Ref{Kind: KindURL, URL: "https://example.com/image.php?id=3"}, wantOK: true},
		{name: "extension only in query is tentative", item: "https://example.com/view?f=cat.png",
			want: Ref{Kind: KindURL, URL: "https://example.com/view?f=cat.png"}, wantOK: true},
		{name: "html page", item: "https://example.com/blog/post.html"},
		{name: "pdf", item: "https://example.com/paper.pdf"},
		{name: "ftp URL", item: "ftp://example.com/cat.png"},
		{name: "URL without host", item: "https:///cat.png"},

		// Data URIs.
		{name: "data URI png", item: "data:image/png;base64," + b64(png),
			want: Ref{Kind: KindDataURI, Data: png, Confident: true}, wantOK: true},
		{name: "data URI upper-case, wrapped lines", item: "DATA:IMAGE/GIF;BASE64," + wrap(b64(gifData), 20),
			want: Ref{Kind: KindDataURI, Data: gifData, Confident: true}, wantOK: true},
		{name: "data URI with charset param", item: "data:image/webp;name=x.webp;base64," + b64(webp),
			want: Ref{Kind: KindDataURI, Data: webp, Confident: true}, wantOK: true},
		{name: "data URI percent-encoded svg", item: "data:image/svg+xml,%3Csvg%2F%3E",
			want: Ref{Kind: KindDataURI, Data: []byte("<svg/>"), Confident: true}, wantOK: true},
		{name: "data URI bad base64", item: "data:image/png;base64,!!!not base64!!!",
			want: Ref{Kind: KindDataURI, Confident: true}, wantOK: true, wantErr: true},
		{name: "data URI text", item: "data:text/plain;base64,SGVsbG8="},
		{name: "data URI without comma", item: "data:image/png;base64"},

		// Bare base64.
		{name: "base64 png", item: b64(png),
			want: Ref{Kind: KindBase64, Data: png, Confident: true}, wantOK: true},
		{name: "base64 png unpadded url-safe", item: base64.RawURLEncoding.EncodeToString(png),
			want: Ref{Kind: KindBase64, Data: png, Confident: true}, wantOK: true},
		{name: "base64 gif with line breaks", item: wrap(b64(gifData), 16),
			want: Ref{Kind: KindBase64, Data: gifData, Confident: true}, wantOK: true},
		{name: "base64 webp", item: b64(webp),
			want: Ref{Kind: KindBase64, Data: webp, Confident: true}, wantOK: true},
		{name: "base64 with spaces is text", item: strings.Replace(b64(png), "A", " A", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Classify(tt.item)
			if ok != tt.wantOK {
				t.Fatalf("Classify ok = %v, want %v (ref %+v)", ok, tt.wantOK, got)
			}
			if (got.Err != nil) != tt.wantErr {
				t.Errorf("Ref.Err = %v, want error: %v", got.Err, tt.wantErr)
			}
			got.Err = nil
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Classify mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// wrap breaks s into lines of n characters, the way MIME base64 arrives.
func wrap(s string, n int) string {
	var b strings.Builder
	for len(s) > n {
		b.WriteString(s[:n] + "\r\n")
		s = s[n:]
	}
	b.WriteString(s)
	return b.String()
}

// BenchmarkClassifyText measures the cost Classify adds to every plain text
// item, which is the common case.
func BenchmarkClassifyText(b *testing.B) {
	items := []string{"hello world", "Alice moved to Paris last spring", "SGVsbG8=",
		strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 30)}
	for b.Loop() {
		for _, it := range items {
			Classify(it)
		}
	}
}
