#include "textflag.h"

// STORE_ROW_SUM adds Y0's eight int32 lanes, stores the sum at (R9) and
// steps to the next row: R9 by one int32, DI by dim (DX) bytes, R8 down.
#define STORE_ROW_SUM \
	VEXTRACTI128 $1, Y0, X1; \
	VPADDD       X1, X0, X0; \
	VPSHUFD      $0x4E, X0, X1; \
	VPADDD       X1, X0, X0; \
	VPSHUFD      $0xB1, X0, X1; \
	VPADDD       X1, X0, X0; \
	VMOVD        X0, (R9); \
	ADDQ         $4, R9; \
	ADDQ         DX, DI; \
	DECQ         R8

// func dotInt8AVX2(a, b *int8, n int) int32
// Sign-extends 16 int8 of each side to int16, multiplies and adds pairs
// into int32 lanes (VPMADDWD), two accumulators, 32 elements a round.
TEXT ·dotInt8AVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n+16(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1

loop:
	CMPQ CX, $32
	JL   done
	VPMOVSXBW (SI), Y2
	VPMOVSXBW (DI), Y3
	VPMADDWD  Y3, Y2, Y2
	VPADDD    Y2, Y0, Y0
	VPMOVSXBW 16(SI), Y4
	VPMOVSXBW 16(DI), Y5
	VPMADDWD  Y5, Y4, Y4
	VPADDD    Y4, Y1, Y1
	ADDQ      $32, SI
	ADDQ      $32, DI
	SUBQ      $32, CX
	JMP       loop

done:
	VPADDD       Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4E, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xB1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX
	MOVL         AX, ret+24(FP)
	VZEROUPPER
	RET

// func dotsInt8AVX2(q, rows *int8, dim, n int, out *int32)
// out[i] is q's dot product with row i, rows being n vectors of dim int8
// one after the other, dim a multiple of 32, and no element of q -128.
// Each round of 32 takes the rows' magnitudes as unsigned bytes and gives
// q their signs (VPABSB, VPSIGNB), so one VPMADDUBSW multiplies and adds
// pairs into int16 (at most 2·128·127, below saturation) and VPMADDWD by
// ones widens them: about half the instructions of sign-extending both
// sides, and one call for a block of rows rather than one a row.
TEXT ·dotsInt8AVX2(SB), NOSPLIT, $0-40
	MOVQ q+0(FP), SI
	MOVQ rows+8(FP), DI
	MOVQ dim+16(FP), DX
	MOVQ n+24(FP), R8
	MOVQ out+32(FP), R9
	MOVL $0x00010001, AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15 // sixteen int16 ones

row:
	TESTQ R8, R8
	JZ    end
	VPXOR Y0, Y0, Y0
	XORQ  CX, CX

col:
	VMOVDQU    (DI)(CX*1), Y1
	VPABSB     Y1, Y2
	VMOVDQU    (SI)(CX*1), Y3
	VPSIGNB    Y1, Y3, Y3
	VPMADDUBSW Y3, Y2, Y2
	VPMADDWD   Y15, Y2, Y2
	VPADDD     Y2, Y0, Y0
	ADDQ       $32, CX
	CMPQ       CX, DX
	JL         col

	STORE_ROW_SUM
	JMP          row

end:
	VZEROUPPER
	RET

// func dotsInt8VNNI(qu *uint8, rows *int8, dim, n int, out *int32)
// As dotsInt8AVX2, 64 elements a round with AVX-512 VNNI, dim a multiple
// of 64. VPDPBUSD multiplies unsigned by signed bytes and adds each four
// into an int32 lane, so the query comes offset to unsigned, qu = q+128,
// and a second VPDPBUSD by ones sums the row: q·r = qu·r - 128·Σr, exact
// for any int8 on both sides.
TEXT ·dotsInt8VNNI(SB), NOSPLIT, $0-40
	MOVQ         qu+0(FP), SI
	MOVQ         rows+8(FP), DI
	MOVQ         dim+16(FP), DX
	MOVQ         n+24(FP), R8
	MOVQ         out+32(FP), R9
	MOVL         $0x01010101, AX
	VPBROADCASTD AX, Z15 // sixty-four unsigned ones

vrow:
	TESTQ  R8, R8
	JZ     vend
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	XORQ   CX, CX

vcol:
	VMOVDQU64 (DI)(CX*1), Z2
	VMOVDQU64 (SI)(CX*1), Z3
	VPDPBUSD  Z2, Z3, Z0
	VPDPBUSD  Z2, Z15, Z1
	ADDQ      $64, CX
	CMPQ      CX, DX
	JL        vcol

	VPSLLD        $7, Z1, Z1
	VPSUBD        Z1, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDD        Y1, Y0, Y0
	STORE_ROW_SUM
	JMP           vrow

vend:
	VZEROUPPER
	RET
