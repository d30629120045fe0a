#include "textflag.h"

// WIDEN loads the 16 int8 weights of one input column at off(DI) as float32 into Y8, Y9.
#define WIDEN(off) \
	VPMOVSXBD off(DI), Y8; \
	VPMOVSXBD off+8(DI), Y9; \
	VCVTDQ2PS Y8, Y8; \
	VCVTDQ2PS Y9, Y9

// COLUMN adds to the sums Y0…Y7 the column at byte offset off of each row (SI, R8, R9, R10 + AX)
// times the weights in Y8, Y9.
#define COLUMN(off) \
	VBROADCASTSS off(SI)(AX*1), Y10; \
	VBROADCASTSS off(R8)(AX*1), Y11; \
	VBROADCASTSS off(R9)(AX*1), Y12; \
	VBROADCASTSS off(R10)(AX*1), Y13; \
	VFMADD231PS  Y8, Y10, Y0; \
	VFMADD231PS  Y9, Y10, Y1; \
	VFMADD231PS  Y8, Y11, Y2; \
	VFMADD231PS  Y9, Y11, Y3; \
	VFMADD231PS  Y8, Y12, Y4; \
	VFMADD231PS  Y9, Y12, Y5; \
	VFMADD231PS  Y8, Y13, Y6; \
	VFMADD231PS  Y9, Y13, Y7

// func mulTileFMA(x0, x1, x2, x3, d0, d1, d2, d3 *float32, q *int8, k int, scale, bias *float32)
// Four rows of x times a panel of 16 output units. Y0…Y7 hold the 4 × 16 sums (two registers a
// row); each input column widens the panel's 16 int8 weights to float32 once (Y8, Y9) and
// multiplies them by each row's value of that column, broadcast (Y10…Y13), fused into the sums.
// Two columns a round: k is even. Each sum goes out times its unit's scale plus its bias.
TEXT ·mulTileFMA(SB), NOSPLIT, $0-96
	MOVQ   x0+0(FP), SI
	MOVQ   x1+8(FP), R8
	MOVQ   x2+16(FP), R9
	MOVQ   x3+24(FP), R10
	MOVQ   q+64(FP), DI
	MOVQ   k+72(FP), CX
	XORQ   AX, AX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7

loop:
	WIDEN(0)
	COLUMN(0)
	WIDEN(16)
	COLUMN(4)
	ADDQ $8, AX
	ADDQ $32, DI
	SUBQ $2, CX
	JNZ  loop

	MOVQ        scale+80(FP), BX
	VMOVUPS     (BX), Y8
	VMOVUPS     32(BX), Y9
	MOVQ        bias+88(FP), BX
	VMOVUPS     (BX), Y10
	VMOVUPS     32(BX), Y11
	VFMADD213PS Y10, Y8, Y0
	VFMADD213PS Y11, Y9, Y1
	VFMADD213PS Y10, Y8, Y2
	VFMADD213PS Y11, Y9, Y3
	VFMADD213PS Y10, Y8, Y4
	VFMADD213PS Y11, Y9, Y5
	VFMADD213PS Y10, Y8, Y6
	VFMADD213PS Y11, Y9, Y7
	MOVQ        d0+32(FP), SI
	MOVQ        d1+40(FP), R8
	MOVQ        d2+48(FP), R9
	MOVQ        d3+56(FP), R10
	VMOVUPS     Y0, (SI)
	VMOVUPS     Y1, 32(SI)
	VMOVUPS     Y2, (R8)
	VMOVUPS     Y3, 32(R8)
	VMOVUPS     Y4, (R9)
	VMOVUPS     Y5, 32(R9)
	VMOVUPS     Y6, (R10)
	VMOVUPS     Y7, 32(R10)
	VZEROUPPER
	RET

// COLUMN512 adds to the sums Z0…Z7 the column at byte offset off of each row (SI, BX, DX, R8…R12
// + AX) times the weights in Z16, each value broadcast from memory into the fused multiply-add.
#define COLUMN512(off) \
	VFMADD231PS.BCST off(SI)(AX*1), Z16, Z0; \
	VFMADD231PS.BCST off(BX)(AX*1), Z16, Z1; \
	VFMADD231PS.BCST off(DX)(AX*1), Z16, Z2; \
	VFMADD231PS.BCST off(R8)(AX*1), Z16, Z3; \
	VFMADD231PS.BCST off(R9)(AX*1), Z16, Z4; \
	VFMADD231PS.BCST off(R10)(AX*1), Z16, Z5; \
	VFMADD231PS.BCST off(R11)(AX*1), Z16, Z6; \
	VFMADD231PS.BCST off(R12)(AX*1), Z16, Z7

// func mulTileAVX512(x, d *[8]*float32, q *int8, k int, scale, bias *float32)
// Eight rows of x times a panel of 16 output units: Z0…Z7 hold each row's 16 sums; each input
// column widens the panel's 16 int8 weights to float32 once (Z16, Z17 for the second column of a
// round) for the eight rows. Two columns a round: k is even.
TEXT ·mulTileAVX512(SB), NOSPLIT, $0-48
	MOVQ   x+0(FP), DI
	MOVQ   0(DI), SI
	MOVQ   8(DI), BX
	MOVQ   16(DI), DX
	MOVQ   24(DI), R8
	MOVQ   32(DI), R9
	MOVQ   40(DI), R10
	MOVQ   48(DI), R11
	MOVQ   56(DI), R12
	MOVQ   q+16(FP), DI
	MOVQ   k+24(FP), CX
	XORQ   AX, AX
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7

loop512:
	VPMOVSXBD (DI), Z16
	VCVTDQ2PS Z16, Z16
	COLUMN512(0)
	VPMOVSXBD 16(DI), Z16
	VCVTDQ2PS Z16, Z16
	COLUMN512(4)
	ADDQ $8, AX
	ADDQ $32, DI
	SUBQ $2, CX
	JNZ  loop512

	MOVQ        scale+32(FP), BX
	VMOVUPS     (BX), Z16
	MOVQ        bias+40(FP), BX
	VMOVUPS     (BX), Z17
	VFMADD213PS Z17, Z16, Z0
	VFMADD213PS Z17, Z16, Z1
	VFMADD213PS Z17, Z16, Z2
	VFMADD213PS Z17, Z16, Z3
	VFMADD213PS Z17, Z16, Z4
	VFMADD213PS Z17, Z16, Z5
	VFMADD213PS Z17, Z16, Z6
	VFMADD213PS Z17, Z16, Z7
	MOVQ        d+8(FP), DI
	MOVQ        0(DI), SI
	VMOVUPS     Z0, (SI)
	MOVQ        8(DI), SI
	VMOVUPS     Z1, (SI)
	MOVQ        16(DI), SI
	VMOVUPS     Z2, (SI)
	MOVQ        24(DI), SI
	VMOVUPS     Z3, (SI)
	MOVQ        32(DI), SI
	VMOVUPS     Z4, (SI)
	MOVQ        40(DI), SI
	VMOVUPS     Z5, (SI)
	MOVQ        48(DI), SI
	VMOVUPS     Z6, (SI)
	MOVQ        56(DI), SI
	VMOVUPS     Z7, (SI)
	VZEROUPPER
	RET
