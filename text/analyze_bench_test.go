package text

import "testing"

// BenchmarkAnalyze is the index's analysis of a stored text (sample has an
// accent, so it takes the Unicode path).
func BenchmarkAnalyze(b *testing.B) {
	for b.Loop() {
		Analyze(sample)
	}
}

// BenchmarkAnalyzeASCII is the analysis of an ASCII text, most of what the
// index reads.
func BenchmarkAnalyzeASCII(b *testing.B) {
	s := "I went to the support group on 7 May 2023, and it wasn't easy; the stories were so inspiring"
	for b.Loop() {
		Analyze(s)
	}
}

// BenchmarkAnalyzeChinese is the analysis of a sentence in an unspaced script.
func BenchmarkAnalyzeChinese(b *testing.B) {
	s := "我每天早上都喜欢喝一杯咖啡，然后去公园跑步。周末我常常和朋友一起去看电影。"
	for b.Loop() {
		Analyze(s)
	}
}
