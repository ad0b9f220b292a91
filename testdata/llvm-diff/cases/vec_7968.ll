target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal double @helper0(i16 %p0, {float, i32}* byval({float, i32}) %p1, <4 x i32> %p2) #0 {
entry:
  %v1 = getelementptr {float, i32}, {float, i32}* %p1, i32 0, i32 0
  %v2 = load float, float* %v1
  %v3 = getelementptr {float, i32}, {float, i32}* %p1, i32 0, i32 1
  %v4 = load i32, i32* %v3
  %v5 = extractelement <4 x i32> %p2, i32 0
  %v6 = extractelement <4 x i32> %p2, i32 1
  %v7 = extractelement <4 x i32> %p2, i32 2
  %v8 = extractelement <4 x i32> %p2, i32 3
  %v9 = and i8 -17, 7
  %v10 = call i8 @llvm.sshl.sat.i8(i8 64, i8 %v9)
  %v11 = xor i16 %p0, %p0
  %v12 = call i32 @llvm.smax.i32(i32 %v5, i32 %v7)
  %v13 = call double @llvm.nearbyint.f64(double 0x4000000000000000)
  ret double %v13
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %st43 = alloca {float, i32}, align 8
  %st70 = alloca {float, i32}, align 8
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 115
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to double*
  %v8 = load double, double* %v7, align 8
  %v9 = mul i32 %tid, 3
  %v10 = add i32 %v9, 38
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = getelementptr i8, i8* %v14, i64 3
  %v16 = bitcast i8* %v15 to i32*
  %v17 = load i32, i32* %v16, align 1
  %v18 = mul i32 %tid, 3
  %v19 = add i32 %v18, 60
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i64*
  %v25 = load i64, i64* %v24, align 8
  %v26 = mul i32 %tid, 37
  %v27 = add i32 %v26, 2
  %v28 = and i32 %v27, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = getelementptr i8, i8* %v31, i64 2
  %v33 = bitcast i8* %v32 to float*
  %v34 = load float, float* %v33, align 1
  %v35 = mul i32 %tid, 37
  %v36 = add i32 %v35, 106
  %v37 = and i32 %v36, 127
  %v38 = shl i32 %v37, 3
  %v39 = zext i32 %v38 to i64
  %v40 = getelementptr i8, i8* %in, i64 %v39
  %v41 = bitcast i8* %v40 to i16*
  %v42 = load i16, i16* %v41, align 2
  %v44 = getelementptr {float, i32}, {float, i32}* %st43, i32 0, i32 0
  store float %v34, float* %v44
  %v45 = getelementptr {float, i32}, {float, i32}* %st43, i32 0, i32 1
  store i32 %tid, i32* %v45
  %v46 = insertelement <4 x i32> zeroinitializer, i32 %v17, i32 0
  %v47 = insertelement <4 x i32> %v46, i32 %v17, i32 1
  %v48 = insertelement <4 x i32> %v47, i32 %tid, i32 2
  %v49 = zext i16 %v42 to i32
  %v50 = insertelement <4 x i32> %v48, i32 %v49, i32 3
  %v51 = call double @helper0(i16 %v42, {float, i32}* byval({float, i32}) %st43, <4 x i32> %v50)
  %v52 = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %v17, i32 %tid)
  %v53 = extractvalue {i32, i1} %v52, 1
  %v54 = extractvalue {i32, i1} %v52, 0
  %v55 = call i64 @llvm.ctlz.i64(i64 %v25, i1 false)
  %v56 = fmul double %v51, %v51
  %v57 = insertelement <2 x i64> zeroinitializer, i64 %v55, i32 0
  %v58 = insertelement <2 x i64> %v57, i64 %v25, i32 1
  %v59 = insertelement <2 x i64> zeroinitializer, i64 %v55, i32 0
  %v60 = insertelement <2 x i64> %v59, i64 %v25, i32 1
  %v61 = icmp ne <2 x i64> %v58, %v60
  %v62 = select <2 x i1> %v61, <2 x i64> %v58, <2 x i64> %v60
  %v63 = insertelement <2 x i64> zeroinitializer, i64 %v55, i32 0
  %v64 = insertelement <2 x i64> %v63, i64 %v55, i32 1
  %v65 = or <2 x i64> %v62, %v64
  %v66 = extractelement <2 x i64> %v65, i32 0
  %v67 = extractelement <2 x i64> %v65, i32 1
  %v68 = trunc i32 %v49 to i8
  %v69 = zext i8 %v68 to i16
  %v71 = getelementptr {float, i32}, {float, i32}* %st70, i32 0, i32 0
  store float %v34, float* %v71
  %v72 = getelementptr {float, i32}, {float, i32}* %st70, i32 0, i32 1
  store i32 %v54, i32* %v72
  %v73 = insertelement <4 x i32> zeroinitializer, i32 %v49, i32 0
  %v74 = insertelement <4 x i32> %v73, i32 %tid, i32 1
  %v75 = insertelement <4 x i32> %v74, i32 %v54, i32 2
  %v76 = mul i32 %tid, 11
  %v77 = add i32 %v76, 63
  %v78 = and i32 %v77, 127
  %v79 = shl i32 %v78, 3
  %v80 = zext i32 %v79 to i64
  %v81 = getelementptr i8, i8* %in, i64 %v80
  %v82 = bitcast i8* %v81 to i32*
  %v83 = load i32, i32* %v82, align 4
  %v84 = insertelement <4 x i32> %v75, i32 %v83, i32 3
  %v85 = call double @helper0(i16 %v69, {float, i32}* byval({float, i32}) %st70, <4 x i32> %v84)
  %v86 = call i32 @llvm.fptosi.sat.i32.f64(double %v85)
  %v87 = mul i32 %tid, 7
  %v88 = add i32 %v87, 7
  %v89 = and i32 %v88, 127
  %v90 = shl i32 %v89, 3
  %v91 = zext i32 %v90 to i64
  %v92 = getelementptr i8, i8* %in, i64 %v91
  %v93 = getelementptr i8, i8* %v92, i64 7
  %v94 = bitcast i8* %v93 to float*
  %v95 = load float, float* %v94, align 1
  %v96 = fsub float %v95, %v95
  %v97 = fsub double %v8, %v8
  %v98 = call i64 @llvm.fptosi.sat.i64.f32(float %v95)
  %v99 = mul i32 %tid, 64
  %v100 = zext i32 %v99 to i64
  %v101 = getelementptr i8, i8* %out, i64 %v100
  %v102 = getelementptr i8, i8* %v101, i64 0
  %v103 = bitcast i8* %v102 to i32*
  store i32 %v54, i32* %v103, align 4
  %v104 = getelementptr i8, i8* %out, i64 %v100
  %v105 = getelementptr i8, i8* %v104, i64 8
  %v106 = bitcast i8* %v105 to double*
  store double %v97, double* %v106, align 8
  %v107 = getelementptr i8, i8* %out, i64 %v100
  %v108 = getelementptr i8, i8* %v107, i64 16
  %v109 = bitcast i8* %v108 to i64*
  store i64 %v98, i64* %v109, align 8
  %v110 = getelementptr i8, i8* %out, i64 %v100
  %v111 = getelementptr i8, i8* %v110, i64 24
  %v112 = bitcast i8* %v111 to double*
  store double %v97, double* %v112, align 8
  %v113 = getelementptr i8, i8* %out, i64 %v100
  %v114 = getelementptr i8, i8* %v113, i64 32
  %v115 = bitcast i8* %v114 to double*
  store double %v56, double* %v115, align 8
  %v116 = getelementptr i8, i8* %out, i64 %v100
  %v117 = getelementptr i8, i8* %v116, i64 40
  %v118 = bitcast i8* %v117 to i64*
  store i64 %v66, i64* %v118, align 8
  %v119 = getelementptr i8, i8* %out, i64 %v100
  %v120 = getelementptr i8, i8* %v119, i64 48
  %v121 = bitcast i8* %v120 to float*
  store float %v95, float* %v121, align 4
  %v122 = getelementptr i8, i8* %out, i64 %v100
  %v123 = getelementptr i8, i8* %v122, i64 56
  %v124 = bitcast i8* %v123 to double*
  store double %v97, double* %v124, align 8
  ret void
}

declare double @llvm.nearbyint.f64(double)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.smax.i32(i32, i32)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)

define void @kern(i8* %in, i8* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
  call void @body(i32 %tid, i8* %in, i8* %out)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
attributes #0 = { noinline nounwind }
attributes #1 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{void (i8*, i8*)* @kern, !"kernel", i32 1}
