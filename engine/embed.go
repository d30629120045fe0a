package engine

import (
	"context"
	"fmt"
)

// EmbedTexts embeds texts with emb and checks what comes back: one vector
// per text, each of emb.Dim(). Texts to be stored (or compared with stored
// vectors on an absolute scale) are embedded in the document form of an
// asymmetric embedder (one with EmbedDocuments); queries are not. The
// write path and re-embedding share it so that a re-embedded store holds
// exactly the vectors a fresh write would.
func EmbedTexts(ctx context.Context, emb Embedder, texts []string, stored bool) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	embed := emb.Embed
	if d, ok := emb.(interface {
		EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	}); ok && stored {
		embed = d.EmbedDocuments
	}
	vecs, err := embed(ctx, texts)
	if err != nil {
		return nil, &Error{Code: EUnavailable, Message: "embedding model failed", Err: err}
	}
	if len(vecs) != len(texts) {
		return nil, Internal("embed", fmt.Errorf("got %d vectors for %d texts", len(vecs), len(texts)))
	}
	for i, v := range vecs {
		if len(v) != emb.Dim() {
			return nil, Internal("embed", fmt.Errorf("vector %d has dimension %d, want %d", i, len(v), emb.Dim()))
		}
	}
	return vecs, nil
}
