package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
)

// Tokens is the set of accepted bearer tokens, read from a file with one token per line
// (blank lines and lines starting with # are skipped). Reload swaps in the file's new
// contents atomically, so requests in flight never see a half-read set.
type Tokens struct {
	file string
	set  atomic.Pointer[[][sha256.Size]byte]
}

// LoadTokens reads a tokens file; a file without a token is an error.
func LoadTokens(file string) (*Tokens, error) {
	t := &Tokens{file: file}
	if err := t.Reload(); err != nil {
		return nil, err
	}
	return t, nil
}

// Reload rereads the file; on error the old set stays.
func (t *Tokens) Reload() error {
	b, err := os.ReadFile(t.file)
	if err != nil {
		return fmt.Errorf("tokens file: %w", err)
	}
	var set [][sha256.Size]byte
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		set = append(set, sha256.Sum256([]byte(line)))
	}
	if len(set) == 0 {
		return fmt.Errorf("tokens file %s: no token", t.file)
	}
	t.set.Store(&set)
	return nil
}

// CheckHeader reports whether an Authorization header carries an accepted token. The
// comparison is over hashes in constant time, so timing says nothing of a token.
func (t *Tokens) CheckHeader(h string) bool {
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return false
	}
	sum := sha256.Sum256([]byte(tok))
	match := 0
	for _, s := range *t.set.Load() {
		match |= subtle.ConstantTimeCompare(sum[:], s[:])
	}
	return match == 1
}
