// SPDX-License-Identifier: Apache-2.0 OR MIT

// Saved SHA-256/224 states between Go's crypto/sha256 and fastsha256,
// driving test/state_tool (fastsha256's side) over its stdin and stdout.
// Standard library only.
//
//	state_interop TOOL        the interop checks; exit status 0 when all pass
//	state_interop -vectors    the fixed Go-made states of test/vectors/go-states.txt
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"strings"
)

// The split points the format is most likely to get wrong: either side of
// the 55-byte one-block limit, of a block end, and whole blocks.
var edgeSplits = []int{0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 191, 192, 193, 256, 640, 4096}

func newHash(is224 bool) hash.Hash {
	if is224 {
		return sha256.New224()
	}
	return sha256.New()
}

func digest(is224 bool, msg []byte) []byte {
	h := newHash(is224)
	h.Write(msg)
	return h.Sum(nil)
}

func marshal(is224 bool, prefix []byte) []byte {
	h := newHash(is224)
	h.Write(prefix)
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}
	return state
}

// hexOr is a word for the tool: hex, or "-" for nothing.
func hexOr(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

// The deterministic message of the vectors: byte i is (7i + 3) mod 251.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte((7*i + 3) % 251)
	}
	return b
}

type tool struct {
	in  io.WriteCloser
	out *bufio.Reader
	cmd *exec.Cmd
}

func startTool(path string) *tool {
	cmd := exec.Command(path)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		panic(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		panic(err)
	}
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	return &tool{in: in, out: bufio.NewReaderSize(out, 1<<20), cmd: cmd}
}

func (t *tool) ask(format string, args ...interface{}) string {
	if _, err := fmt.Fprintf(t.in, format+"\n", args...); err != nil {
		panic(err)
	}
	line, err := t.out.ReadString('\n')
	if err != nil {
		panic(fmt.Sprintf("state_tool stopped answering: %v", err))
	}
	return strings.TrimSpace(line)
}

type checker struct {
	t      *tool
	passed int
	failed int
}

func (c *checker) expect(what, got, want string) {
	if got == want {
		c.passed++
		return
	}
	c.failed++
	if c.failed <= 20 {
		fmt.Printf("FAIL %s:\n  got  %s\n  want %s\n", what, got, want)
	}
}

// One message split at `split`, both ways: Go's state finished by
// fastsha256, and fastsha256's state (which must be Go's bytes) finished by Go.
func (c *checker) split(is224 bool, msg []byte, split int) {
	what := fmt.Sprintf("sha%d len %d split %d", map[bool]int{false: 256, true: 224}[is224], len(msg), split)
	want := hex.EncodeToString(digest(is224, msg))
	goState := marshal(is224, msg[:split])
	c.expect(what+": Go's state continued by fastsha256",
		c.t.ask("finish %s %s", hexOr(goState), hexOr(msg[split:])), want)

	alg := map[bool]string{false: "256", true: "224"}[is224]
	ours := c.t.ask("export %s %s", alg, hexOr(msg[:split]))
	c.expect(what+": fastsha256's state is Go's bytes", ours, hex.EncodeToString(goState))
	state, err := hex.DecodeString(ours)
	h := newHash(is224)
	if err == nil {
		err = h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state)
	}
	if err != nil {
		c.expect(what+": Go unmarshals fastsha256's state", err.Error(), "nil")
		return
	}
	h.Write(msg[split:])
	c.expect(what+": fastsha256's state continued by Go", hex.EncodeToString(h.Sum(nil)), want)
}

// A Go state with its length field set to total (same count mod 64): both
// finish it the same way, including lengths whose bit count wraps.
func (c *checker) bigLength(is224 bool, prefix []byte, total uint64) {
	state := marshal(is224, prefix)
	binary.BigEndian.PutUint64(state[len(state)-8:], total)
	h := newHash(is224)
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	suffix := pattern(70)
	h.Write(suffix)
	c.expect(fmt.Sprintf("length %d: fastsha256 finishes as Go", total),
		c.t.ask("finish %s %s", hexOr(state), hexOr(suffix)), hex.EncodeToString(h.Sum(nil)))
}

// States fastsha256 must refuse: cut, lengthened, a foreign magic (Go refuses
// these too) and a dirty unused tail (Go takes it; fastsha256 does not).
func (c *checker) refusals() {
	good := marshal(false, pattern(70))
	bad := map[string][]byte{
		"cut":            good[:len(good)-1],
		"lengthened":     append(append([]byte{}, good...), 0),
		"empty":          nil,
		"magic sha\\x01": append([]byte("sha\x01"), good[4:]...),
		"magic md5":      append([]byte("md5\x01"), good[4:]...),
	}
	dirty := append([]byte{}, good...)
	dirty[4+32+70%64] = 1
	bad["dirty tail"] = dirty
	for name, state := range bad {
		c.expect("refuses "+name, c.t.ask("finish %s -", hexOr(state)), "refused")
	}
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(dirty); err != nil {
		panic("Go now refuses a dirty tail: revisit the header's note: " + err.Error())
	}
}

func runInterop(toolPath string) int {
	t := startTool(toolPath)
	c := &checker{t: t}
	fmt.Printf("fastsha256 backend: %s\n", t.ask("backend"))
	rng := rand.New(rand.NewSource(38))
	for _, is224 := range []bool{false, true} {
		for _, s := range edgeSplits {
			for _, extra := range []int{0, 1, 8, 55, 56, 63, 64, 65, 200} {
				msg := make([]byte, s+extra)
				rng.Read(msg)
				c.split(is224, msg, s)
			}
		}
		for i := 0; i < 300; i++ {
			msg := make([]byte, rng.Intn(3000))
			rng.Read(msg)
			c.split(is224, msg, rng.Intn(len(msg)+1))
		}
		for _, total := range []uint64{1 << 32, 1<<61 - 64, 1<<61 + 5, 1 << 63, ^uint64(0) - 63, ^uint64(0)} {
			prefix := pattern(int(total % 64))
			c.bigLength(is224, prefix, total)
		}
	}
	c.refusals()
	t.in.Close()
	if err := t.cmd.Wait(); err != nil {
		fmt.Printf("FAIL state_tool: %v\n", err)
		c.failed++
	}
	fmt.Printf("%d checks passed, %d failed\n", c.passed, c.failed)
	if c.failed > 0 {
		return 1
	}
	return 0
}

// The fixed vectors: prefix, Go's state after it, a suffix and the digest
// of the whole, one line each.
func printVectors(w io.Writer) {
	fmt.Fprintln(w, "# Saved SHA-256/224 states made by Go's crypto/sha256 (MarshalBinary), written by")
	fmt.Fprintln(w, "# `go run test/go/state_interop.go -vectors` (test/vectors/README.md says more).")
	fmt.Fprintln(w, "# Messages: byte i is (7i + 3) mod 251. Fields: algorithm, prefix, state, suffix,")
	fmt.Fprintln(w, "# digest of prefix + suffix; hex, \"-\" for empty.")
	for _, is224 := range []bool{false, true} {
		name := map[bool]string{false: "sha256", true: "sha224"}[is224]
		for _, n := range []int{0, 1, 55, 56, 63, 64, 65, 128, 200} {
			msg := pattern(n + 37)
			prefix, suffix := msg[:n], msg[n:]
			fmt.Fprintf(w, "%s %s %s %s %x\n", name, hexOr(prefix), hex.EncodeToString(marshal(is224, prefix)),
				hexOr(suffix), digest(is224, msg))
		}
	}
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-vectors" {
		printVectors(os.Stdout)
		return
	}
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: state_interop TOOL | -vectors")
		os.Exit(2)
	}
	os.Exit(runInterop(os.Args[1]))
}
