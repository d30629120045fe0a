package llm

import (
	"context"
	"testing"
)

func BenchmarkSlangTmp(b *testing.B) {
	e := NewBuiltinEmbedder()
	b.ReportAllocs()
	for b.Loop() {
		e.Embed(context.Background(), []string{"omg the selfie on instagram and tiktok was lit, my bff said lgbtq covid vaxxed gotcha"})
	}
}
