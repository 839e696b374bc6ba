package model

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxLocalPoolAddrs is the forwarder's limit on FullNAT's local addresses (core/fullnat.h
// FNAT_MAX_LADDRS).
const MaxLocalPoolAddrs = 16

// LocalPool is a forwarder's FullNAT local pool (docs/mode-fullnat.md): the addresses its
// NFs see as their clients, in pool order, and the local port range ("LO-HI"; "" leaves the
// forwarder's as it is).
type LocalPool struct {
	Addrs []string `json:"addrs"`
	Ports string   `json:"ports,omitempty"`
}

// ParsePortRange reads "LO-HI" with 1 <= LO <= HI <= 65535.
func ParsePortRange(s string) (uint16, uint16, error) {
	los, his, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseUint(los, 10, 16)
	hi, err2 := strconv.ParseUint(his, 10, 16)
	if !ok || err1 != nil || err2 != nil || lo == 0 || lo > hi {
		return 0, 0, fmt.Errorf("%q is not a range LO-HI within 1-65535", s)
	}
	return uint16(lo), uint16(hi), nil
}

// Validate checks p as the forwarder would (every address once, at most 16, a range in
// order) and writes its addresses canonically; errors name the field under prefix.
func (p *LocalPool) Validate(prefix string) error {
	if len(p.Addrs) > MaxLocalPoolAddrs {
		return fieldErr(join(prefix, "addrs"), "%d addresses, at most %d", len(p.Addrs), MaxLocalPoolAddrs)
	}
	seen := map[string]bool{}
	for i, s := range p.Addrs {
		f := fmt.Sprintf("%s[%d]", join(prefix, "addrs"), i)
		a, err := ParseAddr(f, strings.TrimSpace(s))
		if err != nil {
			return err
		}
		if seen[a.String()] {
			return fieldErr(f, "%q is given twice", s)
		}
		seen[a.String()] = true
		p.Addrs[i] = a.String()
	}
	if p.Ports != "" {
		if _, _, err := ParsePortRange(p.Ports); err != nil {
			return fieldErr(join(prefix, "ports"), "%v", err)
		}
	}
	return nil
}
