// Package pcapng writes captured packets as pcapng (the format tcpdump and Wireshark read):
// one section, one Ethernet interface per source (a forwarder, named), nanosecond time
// stamps, and each packet's comment saying where it was taken (hvlbctl capture).
package pcapng

import (
	"encoding/binary"
	"fmt"
	"io"
)

const (
	blockSHB = 0x0A0D0D0A
	blockIDB = 0x00000001
	blockEPB = 0x00000006

	optEnd      = 0
	optComment  = 1
	optIfName   = 2
	optTsResol  = 9
	optUserAppl = 4
	linkEther   = 1
)

// Writer writes one section; interfaces are declared as their first packet comes.
type Writer struct {
	w       io.Writer
	snapLen uint32
	ifaces  map[string]uint32
}

// NewWriter writes the section header and the interfaces ifaces (at least one, "hvlb" when
// none is named: a reader wants one even without packets): a Writer of Ethernet frames of at
// most snapLen bytes.
func NewWriter(w io.Writer, snapLen uint32, ifaces ...string) (*Writer, error) {
	wr := &Writer{w: w, snapLen: snapLen, ifaces: map[string]uint32{}}
	body := le32(0x1A2B3C4D)[:4]
	body = append(body, le16(1)...) // major
	body = append(body, le16(0)...) // minor
	body = append(body, le64(^uint64(0))...)
	body = appendOpt(body, optUserAppl, []byte("hvlbctl capture"))
	body = appendOpt(body, optEnd, nil)
	if err := wr.block(blockSHB, body); err != nil {
		return nil, err
	}
	if len(ifaces) == 0 {
		ifaces = []string{"hvlb"}
	}
	for _, name := range ifaces {
		if _, err := wr.iface(name); err != nil {
			return nil, err
		}
	}
	return wr, nil
}

// iface returns the interface's number, describing it first if new.
func (wr *Writer) iface(name string) (uint32, error) {
	if id, ok := wr.ifaces[name]; ok {
		return id, nil
	}
	id := uint32(len(wr.ifaces))
	wr.ifaces[name] = id
	body := append(le16(linkEther), le16(0)...)
	body = append(body, le32(wr.snapLen)...)
	body = appendOpt(body, optIfName, []byte(name))
	body = appendOpt(body, optTsResol, []byte{9}) // 10^-9 s
	body = appendOpt(body, optEnd, nil)
	return id, wr.block(blockIDB, body)
}

// Packet is one frame: its source interface's name, Unix time in ns, original length, the
// bytes kept and a comment.
type Packet struct {
	Interface string
	TimeNS    uint64
	OrigLen   uint32
	Data      []byte
	Comment   string
}

// Write writes p (and its interface's description first, if new).
func (wr *Writer) Write(p Packet) error {
	if p.OrigLen < uint32(len(p.Data)) {
		return fmt.Errorf("pcapng: a packet's original length %d is below its %d bytes", p.OrigLen, len(p.Data))
	}
	id, err := wr.iface(p.Interface)
	if err != nil {
		return err
	}
	body := le32(id)
	body = append(body, le32(uint32(p.TimeNS>>32))...)
	body = append(body, le32(uint32(p.TimeNS))...)
	body = append(body, le32(uint32(len(p.Data)))...)
	body = append(body, le32(p.OrigLen)...)
	body = append(body, pad4(p.Data)...)
	if p.Comment != "" {
		body = appendOpt(body, optComment, []byte(p.Comment))
		body = appendOpt(body, optEnd, nil)
	}
	return wr.block(blockEPB, body)
}

// block writes type, total length, body (a multiple of 4 bytes), total length.
func (wr *Writer) block(typ uint32, body []byte) error {
	n := uint32(12 + len(body))
	b := append(le32(typ), le32(n)...)
	b = append(b, body...)
	b = append(b, le32(n)...)
	_, err := wr.w.Write(b)
	return err
}

func appendOpt(b []byte, code uint16, v []byte) []byte {
	b = append(b, le16(code)...)
	b = append(b, le16(uint16(len(v)))...)
	return append(b, pad4(v)...)
}

func pad4(v []byte) []byte {
	out := append([]byte(nil), v...)
	for len(out)%4 != 0 {
		out = append(out, 0)
	}
	return out
}

func le16(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
func le64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
