package nfsim

import (
	"context"
	"fmt"
	"math"

	"golang.org/x/time/rate"
)

// Bulk processing capacity and the virtual CPU load.
//
// nfsim's bulk TCP port is not CPU-bound on a lab machine: one NF moves gigabits, so a CPU
// load on it (or a neighbour's) does not make it serve less bulk data, while a real NF
// whose CPU is taken by other work does (the paper's NFs under sysbench). Config.CapacityMbps
// gives the NF a processing capacity for bulk payload, shared by all its bulk connections
// (source, sink and echo): the data an NF with that much CPU could process. The CPU-load
// knob takes its share of that CPU, so the capacity in force is
//
//	CapacityMbps × (1 − cpu_load_pct / 100)
//
// and changes when the knob does. A sink that processes slower than data arrives lets its
// receive buffer fill and TCP's flow control slows the sender, as a busy NF's would.
// CapacityMbps 0 (the default) keeps the unlimited behaviour.
//
// CPU-load mode: the knob's load is burnt by spinners (CPULoadSpin, the default), or only
// accounted (CPULoadVirtual): no spinner runs, and the utilisation gauges report the load
// as if it ran, min(1, measured + load). Virtual load is for labs with more NFs than cores:
// ten NFs at 80 % would need eight cores of spinning, which a small machine cannot give
// without starving everything else on it (the forwarder included), so every NF, loaded or
// not, would slow down alike. The capacity takes the load's share in both modes.

// CPU-load modes.
const (
	CPULoadSpin    = "spin"
	CPULoadVirtual = "virtual"
)

// bulkChunk is the most payload one bulk read or write moves before it is paid for.
const bulkChunk = 64 << 10

// newBulkLimiter returns the limiter of the bulk capacity (bytes/s), unlimited for now.
func newBulkLimiter() *rate.Limiter { return rate.NewLimiter(rate.Inf, bulkChunk) }

// effectiveCapacityMbps is the bulk capacity in force under st (0: unlimited).
func (s *Server) effectiveCapacityMbps(st Settings) float64 {
	if s.cfg.CapacityMbps <= 0 {
		return 0
	}
	return s.cfg.CapacityMbps * (1 - st.CPULoadPct/100)
}

// applyCapacity sets the bulk limiter for st.
func (s *Server) applyCapacity(st Settings) {
	if s.cfg.CapacityMbps <= 0 {
		s.bulkLim.SetLimit(rate.Inf)
		return
	}
	bps := s.effectiveCapacityMbps(st) * 1e6 / 8
	// A fully loaded NF still trickles (1 KB/s) rather than stalling its connections
	// forever; rate.Limit(0) would never let a byte through.
	s.bulkLim.SetLimit(rate.Limit(math.Max(bps, 1000)))
}

// payBulk waits until the NF has the capacity to process n payload bytes (n ≤ bulkChunk).
func (s *Server) payBulk(ctx context.Context, n int) error {
	if n <= 0 || s.cfg.CapacityMbps <= 0 {
		return nil
	}
	return s.bulkLim.WaitN(ctx, n)
}

// spinPct is the load the spinners burn for st: none in virtual mode.
func (s *Server) spinPct(st Settings) float64 {
	if s.cfg.CPULoadMode == CPULoadVirtual {
		return 0
	}
	return st.CPULoadPct
}

// withVirtualLoad adds the accounted load to a measured utilisation in virtual mode.
func (s *Server) withVirtualLoad(u float64) float64 {
	if s.cfg.CPULoadMode != CPULoadVirtual {
		return u
	}
	return math.Min(1, u+s.Settings().CPULoadPct/100)
}

func (c *Config) validateCapacity() error {
	switch c.CPULoadMode {
	case "", CPULoadSpin, CPULoadVirtual:
	default:
		return fmt.Errorf("cpu load mode %q: want %s or %s", c.CPULoadMode, CPULoadSpin, CPULoadVirtual)
	}
	if math.IsNaN(c.CapacityMbps) || c.CapacityMbps < 0 || c.CapacityMbps > 1e6 {
		return fmt.Errorf("capacity %v Mbps: want 0 (unlimited) .. 1e6", c.CapacityMbps)
	}
	return nil
}
