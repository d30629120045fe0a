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

// func dotsInt8VNNI(q, rows *int8, dim, n int, sum int32, out *int32)
// As dotsInt8AVX2, 64 elements a round with AVX-512 VNNI, dim a multiple
// of 64, four rows at a time: their chains of VPDPBUSD run side by side
// rather than one after the other, each query chunk is loaded once for
// the four, and their sums are reduced together (VPHADDD). VPDPBUSD
// multiplies unsigned by signed bytes and adds each four into an int32
// lane, so the rows are offset to unsigned (r^0x80 = r+128, one VPXORD a
// chunk): q·(r+128) = q·r + 128·Σq, and the query's constant 128·Σq (sum
// = Σq) is taken off each result. Exact for any int8 on both sides, with
// one VPDPBUSD a chunk where offsetting the query instead needs a second
// to sum the row. The n%4 rows left are done one at a time.
TEXT ·dotsInt8VNNI(SB), NOSPLIT, $0-48
	MOVQ         q+0(FP), SI
	MOVQ         rows+8(FP), DI
	MOVQ         dim+16(FP), DX
	MOVQ         n+24(FP), R8
	MOVL         sum+32(FP), AX
	MOVQ         out+40(FP), R9
	SHLL         $7, AX
	VPBROADCASTD AX, X14 // 128·Σq, to take off each dot product
	MOVL         $0x80808080, AX
	VPBROADCASTD AX, Z15 // the sign bits, to offset rows to unsigned

quad:
	CMPQ   R8, $4
	JL     single
	LEAQ   (DI)(DX*1), R10
	LEAQ   (R10)(DX*1), R11
	LEAQ   (R11)(DX*1), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	XORQ   CX, CX

qcol:
	VMOVDQU64 (SI)(CX*1), Z4
	VPXORD    (DI)(CX*1), Z15, Z5
	VPXORD    (R10)(CX*1), Z15, Z6
	VPXORD    (R11)(CX*1), Z15, Z7
	VPXORD    (R12)(CX*1), Z15, Z8
	VPDPBUSD  Z4, Z5, Z0
	VPDPBUSD  Z4, Z6, Z1
	VPDPBUSD  Z4, Z7, Z2
	VPDPBUSD  Z4, Z8, Z3
	ADDQ      $64, CX
	CMPQ      CX, DX
	JL        qcol

	VEXTRACTI64X4 $1, Z0, Y4
	VPADDD        Y4, Y0, Y0
	VEXTRACTI64X4 $1, Z1, Y5
	VPADDD        Y5, Y1, Y1
	VEXTRACTI64X4 $1, Z2, Y6
	VPADDD        Y6, Y2, Y2
	VEXTRACTI64X4 $1, Z3, Y7
	VPADDD        Y7, Y3, Y3
	VPHADDD       Y1, Y0, Y0
	VPHADDD       Y3, Y2, Y2
	VPHADDD       Y2, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDD        X1, X0, X0
	VPSUBD        X14, X0, X0
	VMOVDQU       X0, (R9)
	ADDQ          $16, R9
	LEAQ          (R12)(DX*1), DI
	SUBQ          $4, R8
	JMP           quad

single:
	TESTQ  R8, R8
	JZ     send
	VPXORD Z0, Z0, Z0
	XORQ   CX, CX

scol:
	VPXORD   (DI)(CX*1), Z15, Z5
	VPDPBUSD (SI)(CX*1), Z5, Z0
	ADDQ     $64, CX
	CMPQ     CX, DX
	JL       scol

	VEXTRACTI64X4 $1, Z0, Y1
	VPADDD        Y1, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDD        X1, X0, X0
	VPSHUFD       $0x4E, X0, X1
	VPADDD        X1, X0, X0
	VPSHUFD       $0xB1, X0, X1
	VPADDD        X1, X0, X0
	VPSUBD        X14, X0, X0
	VMOVD         X0, (R9)
	ADDQ          $4, R9
	ADDQ          DX, DI
	DECQ          R8
	JMP           single

send:
	VZEROUPPER
	RET

// func dotsNibblesAVX2(q *int8, rows *uint8, half, n int, out *int32)
// out[i] is q's dot product with the nibbles of row i (nibble.go): rows
// are n runs of half bytes, byte j holding element j in its low 4 bits and
// element j+half in its high 4 bits, each taken as unsigned 0…15; q has
// 2·half elements, half a multiple of 32. A nibble times an int8 is at
// most 15·128, so VPMADDUBSW's int16 pairs and their sum over the two
// halves (4·15·128) stay below saturation; VPMADDWD by ones widens them.
TEXT ·dotsNibblesAVX2(SB), NOSPLIT, $0-40
	MOVQ  q+0(FP), SI
	MOVQ  rows+8(FP), DI
	MOVQ  half+16(FP), DX
	MOVQ  n+24(FP), R8
	MOVQ  out+32(FP), R9
	LEAQ  (SI)(DX*1), R13 // q's second half
	MOVL  $0x00010001, AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15 // sixteen int16 ones
	MOVL  $0x0F0F0F0F, AX
	VMOVD AX, X14
	VPBROADCASTD X14, Y14 // the low nibble of each byte

nrow:
	TESTQ R8, R8
	JZ    nend
	VPXOR Y0, Y0, Y0
	XORQ  CX, CX

ncol:
	VMOVDQU    (DI)(CX*1), Y1
	VPAND      Y14, Y1, Y2
	VPSRLW     $4, Y1, Y3
	VPAND      Y14, Y3, Y3
	VPMADDUBSW (SI)(CX*1), Y2, Y2
	VPMADDUBSW (R13)(CX*1), Y3, Y3
	VPADDW     Y3, Y2, Y2
	VPMADDWD   Y15, Y2, Y2
	VPADDD     Y2, Y0, Y0
	ADDQ       $32, CX
	CMPQ       CX, DX
	JL         ncol

	STORE_ROW_SUM
	JMP          nrow

nend:
	VZEROUPPER
	RET

// func dotsNibblesVNNI(q *int8, rows *uint8, half, n int, out *int32)
// As dotsNibblesAVX2, 64 bytes of a row a round, half a multiple of 64:
// VPDPBUSD multiplies the unsigned nibbles by q's signed bytes and adds
// each four into an int32 lane, one for each half of the row. Four rows
// at a time, as dotsInt8VNNI: each chunk of q is loaded once for the four,
// their eight chains of VPDPBUSD (a row's low and high nibbles apart) run
// side by side rather than one after the other, and their sums are reduced
// together (VPHADDD). The n%4 rows left are done one at a time.
TEXT ·dotsNibblesVNNI(SB), NOSPLIT, $0-40
	MOVQ         q+0(FP), SI
	MOVQ         rows+8(FP), DI
	MOVQ         half+16(FP), DX
	MOVQ         n+24(FP), R8
	MOVQ         out+32(FP), R9
	LEAQ         (SI)(DX*1), R13 // q's second half
	MOVL         $0x0F0F0F0F, AX
	VPBROADCASTD AX, Z15 // the low nibble of each byte

vquad:
	CMPQ   R8, $4
	JL     vrow
	LEAQ   (DI)(DX*1), R10
	LEAQ   (R10)(DX*1), R11
	LEAQ   (R11)(DX*1), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z16, Z16, Z16
	VPXORD Z17, Z17, Z17
	VPXORD Z18, Z18, Z18
	VPXORD Z19, Z19, Z19
	XORQ   CX, CX

vqcol:
	VMOVDQU64 (SI)(CX*1), Z4  // q's chunk for the low nibbles
	VMOVDQU64 (R13)(CX*1), Z5 // and for the high ones
	VMOVDQU64 (DI)(CX*1), Z6
	VPANDD    Z15, Z6, Z7
	VPSRLW    $4, Z6, Z6
	VPANDD    Z15, Z6, Z6
	VPDPBUSD  Z4, Z7, Z0
	VPDPBUSD  Z5, Z6, Z16
	VMOVDQU64 (R10)(CX*1), Z8
	VPANDD    Z15, Z8, Z9
	VPSRLW    $4, Z8, Z8
	VPANDD    Z15, Z8, Z8
	VPDPBUSD  Z4, Z9, Z1
	VPDPBUSD  Z5, Z8, Z17
	VMOVDQU64 (R11)(CX*1), Z10
	VPANDD    Z15, Z10, Z11
	VPSRLW    $4, Z10, Z10
	VPANDD    Z15, Z10, Z10
	VPDPBUSD  Z4, Z11, Z2
	VPDPBUSD  Z5, Z10, Z18
	VMOVDQU64 (R12)(CX*1), Z12
	VPANDD    Z15, Z12, Z13
	VPSRLW    $4, Z12, Z12
	VPANDD    Z15, Z12, Z12
	VPDPBUSD  Z4, Z13, Z3
	VPDPBUSD  Z5, Z12, Z19
	ADDQ      $64, CX
	CMPQ      CX, DX
	JL        vqcol

	VPADDD        Z16, Z0, Z0
	VPADDD        Z17, Z1, Z1
	VPADDD        Z18, Z2, Z2
	VPADDD        Z19, Z3, Z3
	VEXTRACTI64X4 $1, Z0, Y4
	VPADDD        Y4, Y0, Y0
	VEXTRACTI64X4 $1, Z1, Y5
	VPADDD        Y5, Y1, Y1
	VEXTRACTI64X4 $1, Z2, Y6
	VPADDD        Y6, Y2, Y2
	VEXTRACTI64X4 $1, Z3, Y7
	VPADDD        Y7, Y3, Y3
	VPHADDD       Y1, Y0, Y0
	VPHADDD       Y3, Y2, Y2
	VPHADDD       Y2, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDD        X1, X0, X0
	VMOVDQU       X0, (R9)
	ADDQ          $16, R9
	LEAQ          (R12)(DX*1), DI
	SUBQ          $4, R8
	JMP           vquad

vrow:
	TESTQ  R8, R8
	JZ     vend
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	XORQ   CX, CX

vcol:
	VMOVDQU64 (DI)(CX*1), Z2
	VPANDD    Z15, Z2, Z3
	VPSRLW    $4, Z2, Z4
	VPANDD    Z15, Z4, Z4
	VPDPBUSD  (SI)(CX*1), Z3, Z0
	VPDPBUSD  (R13)(CX*1), Z4, Z1
	ADDQ      $64, CX
	CMPQ      CX, DX
	JL        vcol

	VPADDD        Z1, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDD        Y1, Y0, Y0
	STORE_ROW_SUM
	JMP           vrow

vend:
	VZEROUPPER
	RET
