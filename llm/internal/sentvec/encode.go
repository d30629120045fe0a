package sentvec

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/viterin/vek/vek32"
)

// Widths of the graph: pieces are embedded in 256 dimensions; the first layer's attention works in
// 256 and outputs 512, from then on everything is 512 wide and the feed-forward networks 1,536.
const (
	embedDims = 256
	ffnDims   = 3 * Dims
	// layerNormEpsilon is the graph's constant.
	layerNormEpsilon = 1e-6
)

// buffers are one Encode's working memory, reused through the model's pool and grown to the largest
// batch seen, so encoding allocates nothing per piece.
type buffers struct {
	input  []float32 // tokens × 256: the embedded pieces plus the position signal
	x      []float32 // tokens × 512: the running state
	normed []float32 // tokens × 512
	qkv    []float32 // tokens × 1536
	att    []float32 // tokens × 512: the heads' outputs side by side
	hidden []float32 // tokens × 1536
	delta  []float32 // tokens × 512: a sublayer's output, before it is added to x
	scores []float32 // tokens
	means  []float32 // texts × 1536: each text's mean hidden activation in the last layer
	pooled []float32 // texts × 512
	meanX  []float32 // 512
}

// grow makes room for a batch of n tokens in texts texts. It rounds up, so that batches of
// slightly different sizes reuse the buffers rather than each allocating its own.
func (b *buffers) grow(n, texts int) {
	n, texts = roundUp(n, 32), roundUp(texts, 8)
	if len(b.scores) < n {
		b.input = make([]float32, n*embedDims)
		b.x = make([]float32, n*Dims)
		b.normed = make([]float32, n*Dims)
		b.qkv = make([]float32, n*ffnDims)
		b.att = make([]float32, n*Dims)
		b.hidden = make([]float32, n*ffnDims)
		b.delta = make([]float32, n*Dims)
		b.scores = make([]float32, n)
	}
	if len(b.pooled) < texts*Dims {
		b.means = make([]float32, texts*ffnDims)
		b.pooled = make([]float32, texts*Dims)
		b.meanX = make([]float32, Dims)
	}
}

func roundUp(n, step int) int { return (n + step - 1) / step * step }

// maxBatchTokens bounds the pieces one pass through the layers carries. Texts are encoded together,
// each matrix product over all their pieces at once, so the weights are read from memory once per
// batch rather than once per text; a batch of 256 pieces keeps a product's input (at most 1.5 MB)
// in the second-level cache and the buffers near 6 MB. A longer text (at most MaxTokens) fits.
const maxBatchTokens = 256

// Encode returns one 512-d unit vector per text. An empty text (no pieces) gets the vector of the
// tanh layer's bias, as a text with no pieces does in the reference's batches. A text's vector does
// not depend on the texts encoded with it.
func (m *Model) Encode(texts []string) [][]float32 {
	buf, _ := m.scratch.Get().(*buffers)
	if buf == nil {
		buf = &buffers{}
	}
	defer m.scratch.Put(buf)
	out := make([][]float32, len(texts))
	flat := make([]float32, len(texts)*Dims)
	ids := make([][]int32, len(texts))
	for i, text := range texts {
		out[i] = flat[i*Dims : (i+1)*Dims : (i+1)*Dims]
		ids[i] = m.Tokenize(text)
	}
	for lo := 0; lo < len(texts); {
		hi, tokens := lo+1, len(ids[lo])
		for hi < len(texts) && tokens+len(ids[hi]) <= maxBatchTokens {
			tokens += len(ids[hi])
			hi++
		}
		m.encodeBatch(ids[lo:hi], buf, flat[lo*Dims:hi*Dims])
		lo = hi
	}
	return out
}

// Tokenize returns the piece ids the model reads for text, at most MaxTokens of them.
func (m *Model) Tokenize(text string) []int32 {
	ids := m.tok.encode(clipText(text))
	return ids[:min(len(ids), MaxTokens)]
}

// maxTextBytes bounds the text the tokenizer reads. A piece is at most 16 symbols, so 128 pieces never
// span more than 2,048 symbols, and no piece crosses a word start; a text cut at a space well past
// that point therefore starts with the same 128 pieces as the whole text, and a long text costs no
// more than a short one.
const maxTextBytes = 16 << 10

// clipText cuts a text longer than maxTextBytes at its last space before that point (or at a rune
// boundary when it has none).
func clipText(text string) string {
	if len(text) <= maxTextBytes {
		return text
	}
	cut := maxTextBytes
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	if space := strings.LastIndexByte(text[:cut], ' '); space > maxTextBytes/2 {
		cut = space
	}
	return text[:cut]
}

// span is one text's rows in a batch.
type span struct{ from, n int }

// encodeBatch writes the vectors of the texts of ids to dst, one after the other: every matrix
// product runs over all the batch's pieces, attention and pooling over each text's own.
func (m *Model) encodeBatch(ids [][]int32, buf *buffers, dst []float32) {
	spans := make([]span, len(ids))
	n := 0
	for i, text := range ids {
		spans[i] = span{from: n, n: len(text)}
		n += len(text)
	}
	buf.grow(max(n, 1), len(ids))
	for i, text := range ids {
		m.embedPieces(text, buf.input[spans[i].from*embedDims:(spans[i].from+spans[i].n)*embedDims])
	}
	x := buf.x[:n*Dims]
	// The first layer's residual path projects the 256-d input to 512.
	matMul(x, buf.input[:n*embedDims], n, m.resid, m.residBias)
	for i := range m.layers {
		l := &m.layers[i]
		in, width := x, Dims
		if i == 0 {
			in, width = buf.input[:n*embedDims], embedDims
		}
		normed := buf.normed[:n*width]
		layerNorm(normed, in, width, l.attnGain, l.attnBias)
		l.attend(normed, spans, width, buf)
		addInto(x, buf.delta[:n*Dims])
		if i == len(m.layers)-1 {
			m.poolLastLayer(l, x, spans, buf)
			break
		}
		l.feedForward(x, n, buf)
		addInto(x, buf.delta[:n*Dims])
	}
	matMul(dst, buf.pooled, len(ids), m.final, m.finalBias)
	for i, v := range dst {
		dst[i] = float32(math.Tanh(float64(v)))
	}
	for i := range ids {
		normalizeL2(dst[i*Dims : (i+1)*Dims])
	}
}

// embedPieces writes each piece's embedding plus the position signal. The graph adds the embedding
// twice (its AddTimingSignal output, which already holds it, is added to the embedding again), so
// this does too.
func (m *Model) embedPieces(ids []int32, dst []float32) {
	half := len(m.invTimescale)
	for t, id := range ids {
		row := dst[t*embedDims : (t+1)*embedDims]
		e := m.embed.w[int(id)*embedDims : (int(id)+1)*embedDims]
		for j := 0; j < half; j++ {
			angle := float64(float32(t) * m.invTimescale[j])
			row[j] = 2*e[j] + float32(math.Sin(angle))
			row[half+j] = 2*e[half+j] + float32(math.Cos(angle))
		}
	}
}

// attend writes the layer's self-attention output (tokens × 512) to buf.delta, each text's pieces
// attending to its own.
func (l *layer) attend(normed []float32, spans []span, width int, buf *buffers) {
	n := len(normed) / width
	qkv := buf.qkv[:n*3*width]
	matMul(qkv, normed, n, l.qkv, l.qkvBias)
	att := buf.att[:n*width]
	for _, sp := range spans {
		l.attendSpan(qkv[sp.from*3*width:(sp.from+sp.n)*3*width], att[sp.from*width:(sp.from+sp.n)*width], width, buf.scores)
	}
	matMul(buf.delta[:n*Dims], att, n, l.out, l.outBias)
}

// attendSpan is one text's attention: each head's softmax-weighted sum of the values, from the
// text's rows of queries, keys and values (qkv) to its rows of att.
func (l *layer) attendSpan(qkv, att []float32, width int, scores []float32) {
	n := len(att) / width
	headDims := width / l.heads
	scale := float32(1 / math.Sqrt(float64(headDims)))
	for h := 0; h < l.heads; h++ {
		for t := 0; t < n; t++ {
			q := qkv[t*3*width+h*headDims : t*3*width+(h+1)*headDims]
			scores := scores[:n]
			for s := 0; s < n; s++ {
				k := qkv[s*3*width+width+h*headDims : s*3*width+width+(h+1)*headDims]
				scores[s] = vek32.Dot(q, k) * scale
			}
			softmax(scores)
			o := att[t*width+h*headDims : t*width+(h+1)*headDims]
			clear(o)
			for s, p := range scores {
				axpy(o, qkv[s*3*width+2*width+h*headDims:s*3*width+2*width+(h+1)*headDims], p)
			}
		}
	}
}

// feedForward writes relu(norm(x)·W1 + b1)·W2 + b2 to buf.delta.
func (l *layer) feedForward(x []float32, n int, buf *buffers) {
	matMul(buf.delta[:n*Dims], l.ffnHidden(x, n, buf), n, l.ffn2, l.ffn2Bias)
}

// ffnHidden returns relu(norm(x)·W1 + b1), in buf.hidden.
func (l *layer) ffnHidden(x []float32, n int, buf *buffers) []float32 {
	normed := buf.normed[:n*Dims]
	layerNorm(normed, x, Dims, l.ffnGain, l.ffnBias)
	hidden := buf.hidden[:n*ffnDims]
	matMul(hidden, normed, n, l.ffn1, l.ffn1Bias)
	for i, v := range hidden {
		hidden[i] = max(v, 0)
	}
	return hidden
}

// poolLastLayer writes to buf.pooled, for each text, the mean over its tokens of the last layer's
// output, x + hidden·W2 + b2. The mean of a linear map is the map of the mean, so W2 is applied once
// to each text's mean hidden activation rather than to every token's: a sixth of the work, the same
// vector up to rounding. No tokens give zeros, as in the graph.
func (m *Model) poolLastLayer(l *layer, x []float32, spans []span, buf *buffers) {
	hidden := l.ffnHidden(x, len(x)/Dims, buf)
	means := buf.means[:len(spans)*ffnDims]
	for i, sp := range spans {
		if sp.n > 0 {
			meanRows(means[i*ffnDims:(i+1)*ffnDims], hidden[sp.from*ffnDims:(sp.from+sp.n)*ffnDims], sp.n)
		}
	}
	pooled := buf.pooled[:len(spans)*Dims]
	matMul(pooled, means, len(spans), l.ffn2, l.ffn2Bias)
	for i, sp := range spans {
		row := pooled[i*Dims : (i+1)*Dims]
		if sp.n == 0 {
			clear(row)
			continue
		}
		meanRows(buf.meanX, x[sp.from*Dims:(sp.from+sp.n)*Dims], sp.n)
		addInto(row, buf.meanX)
	}
}

// meanRows writes the mean of the n rows of x to dst.
func meanRows(dst, x []float32, n int) {
	width := len(dst)
	clear(dst)
	for t := 0; t < n; t++ {
		addInto(dst, x[t*width:(t+1)*width])
	}
	div := float32(n)
	for i := range dst {
		dst[i] /= div
	}
}

func layerNorm(dst, x []float32, width int, gain, bias []float32) {
	for t := 0; t < len(x)/width; t++ {
		row, out := x[t*width:(t+1)*width], dst[t*width:(t+1)*width]
		var mean float32
		for _, v := range row {
			mean += v
		}
		mean /= float32(width)
		var variance float32
		for _, v := range row {
			variance += (v - mean) * (v - mean)
		}
		variance /= float32(width)
		inv := float32(1 / math.Sqrt(float64(variance)+layerNormEpsilon))
		for i, v := range row {
			out[i] = gain[i]*inv*(v-mean) + bias[i]
		}
	}
}

func softmax(x []float32) {
	top := x[0]
	for _, v := range x {
		top = max(top, v)
	}
	var sum float32
	for i, v := range x {
		x[i] = float32(math.Exp(float64(v - top)))
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
}

// normalizeL2 scales v to unit length; like the graph it divides by at least 1e-6.
func normalizeL2(v []float32) {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	inv := float32(1 / math.Sqrt(max(sum, 1e-12)))
	for i := range v {
		v[i] *= inv
	}
}
