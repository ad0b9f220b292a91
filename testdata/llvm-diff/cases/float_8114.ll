target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 3
  %v2 = add i32 %v1, 104
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i8*
  %v8 = load i8, i8* %v7, align 1
  %v9 = mul i32 %tid, 11
  %v10 = add i32 %v9, 38
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 3
  %v18 = add i32 %v17, 104
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = mul i32 %tid, 7
  %v26 = add i32 %v25, 48
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to half*
  %v32 = load half, half* %v31, align 2
  %v33 = call i8 @llvm.uadd.sat.i8(i8 %v8, i8 %v8)
  %v34 = call half @llvm.copysign.f16(half %v32, half %v32)
  %v35 = and i32 %tid, 127
  %v36 = shl i32 %v35, 3
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to i64*
  %v40 = load i64, i64* %v39, align 8
  %v41 = trunc i64 %v40 to i32
  br label %head42
head42:
  %i45 = phi i32 [ 0, %entry ], [ %inext46, %cont63 ]
  %acc47 = phi i64 [ %v24, %entry ], [ %accnext48, %cont63 ]
  %v49 = icmp ult i32 %i45, 3
  br i1 %v49, label %body43, label %exit44
body43:
  %v50 = sitofp i16 %v16 to half
  %v51 = fdiv half %v34, %v50
  %v52 = sitofp i16 %v16 to float
  %v53 = call i64 @llvm.fptosi.sat.i64.f32(float %v52)
  %v54 = zext i64 %v24 to i128
  %v55 = zext i64 %v40 to i128
  %v56 = mul i128 %v54, %v55
  %v57 = lshr i128 %v56, 64
  %v58 = trunc i128 %v57 to i64
  %v59 = trunc i64 %v58 to i32
  %v60 = uitofp i16 %v16 to double
  %v61 = call i64 @llvm.fptoui.sat.i64.f64(double %v60)
  %v62 = icmp ult i32 %i45, %v59
  br i1 %v62, label %exit44, label %cont63
cont63:
  %v64 = call half @llvm.fabs.f16(half %v51)
  %v65 = mul i32 %tid, 7
  %v66 = add i32 %v65, 39
  %v67 = and i32 %v66, 127
  %v68 = shl i32 %v67, 3
  %v69 = zext i32 %v68 to i64
  %v70 = getelementptr i8, i8* %in, i64 %v69
  %v71 = bitcast i8* %v70 to float*
  %v72 = load float, float* %v71, align 4
  %v73 = call float @llvm.maxnum.f32(float %v72, float 0x0000000000000000)
  %v74 = fadd float %v73, 0.0
  %accnext48 = add i64 %acc47, %v61
  %inext46 = add i32 %i45, 1
  br label %head42
exit44:
  %v75 = and i32 %i45, 127
  %v76 = shl i32 %v75, 3
  %v77 = zext i32 %v76 to i64
  %v78 = getelementptr i8, i8* %in, i64 %v77
  %v79 = bitcast i8* %v78 to i64*
  %v80 = load i64, i64* %v79, align 8
  %v81 = sitofp i64 %v80 to double
  %v82 = mul i32 %tid, 3
  %v83 = add i32 %v82, 50
  %v84 = and i32 %v83, 127
  %v85 = shl i32 %v84, 3
  %v86 = zext i32 %v85 to i64
  %v87 = getelementptr i8, i8* %in, i64 %v86
  %v88 = bitcast i8* %v87 to double*
  %v89 = load double, double* %v88, align 8
  %v90 = fadd double %v81, %v89
  %v91 = trunc i64 %v80 to i16
  %v92 = bitcast i16 %v91 to half
  %v93 = uitofp i8 %v33 to float
  %v94 = call float @llvm.copysign.f32(float %v93, float %v93)
  %v95 = zext i64 %v80 to i128
  %v96 = sext i64 %v80 to i128
  %v97 = mul i128 %v95, %v96
  %v98 = trunc i128 %v97 to i64
  %v99 = trunc i64 %v98 to i32
  %v100 = mul i32 %tid, 64
  %v101 = zext i32 %v100 to i64
  %v102 = getelementptr i8, i8* %out, i64 %v101
  %v103 = getelementptr i8, i8* %v102, i64 0
  %v104 = bitcast i8* %v103 to i8*
  store i8 %v33, i8* %v104, align 1
  %v105 = trunc i128 %v97 to i64
  %v106 = getelementptr i8, i8* %out, i64 %v101
  %v107 = getelementptr i8, i8* %v106, i64 8
  %v108 = bitcast i8* %v107 to i64*
  store i64 %v105, i64* %v108, align 8
  %v109 = getelementptr i8, i8* %out, i64 %v101
  %v110 = getelementptr i8, i8* %v109, i64 16
  %v111 = bitcast i8* %v110 to i32*
  store i32 %v41, i32* %v111, align 4
  %v112 = getelementptr i8, i8* %out, i64 %v101
  %v113 = getelementptr i8, i8* %v112, i64 24
  %v114 = bitcast i8* %v113 to half*
  store half %v92, half* %v114, align 2
  %v115 = getelementptr i8, i8* %out, i64 %v101
  %v116 = getelementptr i8, i8* %v115, i64 32
  %v117 = bitcast i8* %v116 to float*
  store float %v93, float* %v117, align 4
  %v118 = getelementptr i8, i8* %out, i64 %v101
  %v119 = getelementptr i8, i8* %v118, i64 40
  %v120 = bitcast i8* %v119 to i16*
  store i16 %v91, i16* %v120, align 2
  %v121 = trunc i128 %v97 to i64
  %v122 = getelementptr i8, i8* %out, i64 %v101
  %v123 = getelementptr i8, i8* %v122, i64 48
  %v124 = bitcast i8* %v123 to i64*
  store i64 %v121, i64* %v124, align 8
  %v125 = getelementptr i8, i8* %out, i64 %v101
  %v126 = getelementptr i8, i8* %v125, i64 56
  %v127 = bitcast i8* %v126 to i32*
  store i32 %v99, i32* %v127, align 4
  ret void
}

declare float @llvm.copysign.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare half @llvm.copysign.f16(half, half)
declare half @llvm.fabs.f16(half)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i8 @llvm.uadd.sat.i8(i8, i8)

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
