package nfsim

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"
)

// processCPU returns the CPU time (user + system) this process has used so far.
func processCPU() (time.Duration, error) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// processDemand returns the time this process's threads have spent on a CPU or runnable
// and waiting for one (the first two fields of each /proc/self/task/*/schedstat). A VM's
// vCPU is busy for both: time its host gives to a neighbour shows in the guest as steal,
// which node_exporter counts as not idle. So this is the utilisation the NF would show on
// cores of its own, whatever else the lab machine runs. Without schedstat it falls back
// to the CPU time alone.
func processDemand() (time.Duration, error) {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return processCPU()
	}
	var total time.Duration
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + t.Name() + "/schedstat")
		if err != nil {
			continue // the thread exited
		}
		run, wait, ok := parseSchedstat(b)
		if !ok {
			return processCPU()
		}
		total += run + wait
	}
	if total == 0 {
		return processCPU()
	}
	return total, nil
}

// parseSchedstat reads "run_ns wait_ns timeslices".
func parseSchedstat(b []byte) (run, wait time.Duration, ok bool) {
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, 0, false
	}
	r, err1 := strconv.ParseInt(f[0], 10, 64)
	w, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return time.Duration(r), time.Duration(w), true
}

type cpuSample struct {
	at     time.Time
	demand time.Duration // on a CPU or waiting for one (processDemand)
	run    time.Duration // on a CPU (processCPU)
}

func readCPUSample() (cpuSample, error) {
	run, err := processCPU()
	if err != nil {
		return cpuSample{}, err
	}
	demand, err := processDemand()
	if err != nil {
		return cpuSample{}, err
	}
	return cpuSample{at: time.Now(), demand: max(demand, run), run: run}, nil
}

// utilMeter turns the process's CPU demand (see processDemand) and CPU time into
// utilisations of its cores over a sliding window. All NFs in the lab share the host's
// /proc/stat, so the process's own figures are the ones that tell NFs apart.
type utilMeter struct {
	cores  int
	window time.Duration
	every  time.Duration
	read   func() (cpuSample, error)
	// util and runUtil hold the latest utilisations as float64 bits.
	util, runUtil atomic.Uint64
}

func newUtilMeter(cores int, window time.Duration) *utilMeter {
	return &utilMeter{cores: cores, window: window, every: window / 8, read: readCPUSample}
}

// Utilization is the share (0..1) of the NF's cores its threads ran or waited to run over
// the last window: what the NF would show on cores of its own.
func (m *utilMeter) Utilization() float64 { return math.Float64frombits(m.util.Load()) }

// RunUtilization is the share (0..1) of the NF's cores its threads actually ran; below
// Utilization when the lab machine's other processes take the CPU.
func (m *utilMeter) RunUtilization() float64 { return math.Float64frombits(m.runUtil.Load()) }

// add records one sample and recomputes the utilisations against the oldest sample still
// in the window; it returns the trimmed sample list.
func (m *utilMeter) add(samples []cpuSample, s cpuSample) []cpuSample {
	samples = append(samples, s)
	cut := 0
	for cut < len(samples)-2 && s.at.Sub(samples[cut+1].at) >= m.window {
		cut++
	}
	samples = samples[cut:]
	first := samples[0]
	wall := s.at.Sub(first.at)
	if wall <= 0 {
		return samples
	}
	share := func(d time.Duration) uint64 {
		u := float64(d) / float64(wall) / float64(m.cores)
		return math.Float64bits(min(max(u, 0), 1))
	}
	m.util.Store(share(s.demand - first.demand))
	m.runUtil.Store(share(s.run - first.run))
	return samples
}

func (m *utilMeter) run(ctx context.Context) {
	t := time.NewTicker(m.every)
	defer t.Stop()
	var samples []cpuSample
	for {
		if s, err := m.read(); err == nil {
			samples = m.add(samples, s)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// userHZ is the kernel's USER_HZ, the unit of /proc/stat; it is 100 on every Linux
// architecture hvlb runs on (node_exporter assumes the same).
const userHZ = 100

var cpuModes = []string{"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"}

// procStatCollector exports /proc/stat as node_exporter's node_cpu_seconds_total. In the
// lab every namespace sees the same host-wide figures.
type procStatCollector struct {
	path string
	desc *prometheus.Desc
}

func newProcStatCollector(path string) *procStatCollector {
	return &procStatCollector{path: path, desc: prometheus.NewDesc("node_cpu_seconds_total",
		"Seconds the CPUs spent in each mode (host-wide, from /proc/stat).",
		[]string{"cpu", "mode"}, nil)}
}

func (c *procStatCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *procStatCollector) Collect(ch chan<- prometheus.Metric) {
	f, err := os.Open(c.path)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, fmt.Errorf("open %s: %w", c.path, err))
		return
	}
	defer f.Close()
	stats, err := parseProcStat(f)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, fmt.Errorf("parse %s: %w", c.path, err))
		return
	}
	for _, s := range stats {
		for i, mode := range cpuModes {
			ch <- prometheus.MustNewConstMetric(c.desc, prometheus.CounterValue,
				s.seconds[i], s.cpu, mode)
		}
	}
}

type cpuStat struct {
	cpu     string
	seconds [8]float64
}

// parseProcStat reads the per-CPU lines ("cpuN ...") of /proc/stat; the aggregate "cpu"
// line is skipped, as node_exporter does.
func parseProcStat(r io.Reader) ([]cpuStat, error) {
	var out []cpuStat
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || !strings.HasPrefix(fields[0], "cpu") || fields[0] == "cpu" {
			continue
		}
		if len(fields) < 1+len(cpuModes) {
			return nil, fmt.Errorf("line %q: want %d values", fields[0], len(cpuModes))
		}
		s := cpuStat{cpu: strings.TrimPrefix(fields[0], "cpu")}
		for i := range cpuModes {
			v, err := strconv.ParseUint(fields[1+i], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %q field %d: %w", fields[0], i+1, err)
			}
			s.seconds[i] = float64(v) / userHZ
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return out, nil
}
