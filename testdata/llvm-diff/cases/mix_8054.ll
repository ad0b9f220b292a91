target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 89
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 11
  %v10 = add i32 %v9, 55
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i64*
  %v16 = load i64, i64* %v15, align 8
  %v17 = mul i32 %tid, 37
  %v18 = add i32 %v17, 105
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to float*
  %v24 = load float, float* %v23, align 4
  %v25 = mul i32 %tid, 13
  %v26 = add i32 %v25, 30
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to i32*
  %v32 = load i32, i32* %v31, align 4
  %v33 = mul i32 %tid, 13
  %v34 = add i32 %v33, 68
  %v35 = and i32 %v34, 127
  %v36 = shl i32 %v35, 3
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to i32*
  %v40 = load i32, i32* %v39, align 4
  %v41 = and i32 %v40, 31
  %v42 = call i32 @llvm.fshl.i32(i32 %tid, i32 %v32, i32 %v41)
  %v43 = mul i32 %tid, 3
  %v44 = add i32 %v43, 42
  %v45 = and i32 %v44, 127
  %v46 = shl i32 %v45, 3
  %v47 = zext i32 %v46 to i64
  %v48 = getelementptr i8, i8* %in, i64 %v47
  %v49 = bitcast i8* %v48 to i16*
  %v50 = load i16, i16* %v49, align 2
  %v51 = trunc i16 %v50 to i8
  %v52 = call i8 @llvm.ssub.sat.i8(i8 %v51, i8 %v51)
  %v53 = call float @llvm.fabs.f32(float %v24)
  %v54 = and i32 %v41, 127
  %v55 = shl i32 %v54, 3
  %v56 = zext i32 %v55 to i64
  %v57 = getelementptr i8, i8* %in, i64 %v56
  %v58 = getelementptr i8, i8* %v57, i64 6
  %v59 = bitcast i8* %v58 to i16*
  %v60 = load i16, i16* %v59, align 1
  %v61 = icmp eq i16 %v60, 0
  %v62 = select i1 %v61, i16 1, i16 %v60
  %v63 = urem i16 %v50, %v62
  %v64 = and i32 %tid, 127
  %v65 = shl i32 %v64, 3
  %v66 = zext i32 %v65 to i64
  %v67 = getelementptr i8, i8* %in, i64 %v66
  %v68 = bitcast i8* %v67 to double*
  %v69 = load double, double* %v68, align 8
  %v70 = call i32 @llvm.fptosi.sat.i32.f64(double %v69)
  %v71 = sitofp i64 %v16 to float
  %v72 = fcmp olt float %v71, %v71
  %v73 = zext i1 %v72 to i64
  %v74 = fcmp false double %v69, %v69
  %v75 = select i1 %v74, double %v69, double %v69
  %v76 = mul i32 %tid, 5
  %v77 = add i32 %v76, 29
  %v78 = and i32 %v77, 127
  %v79 = mul i32 %v78, 8
  %v80 = zext i32 %v79 to i64
  %v81 = getelementptr i8, i8* %in, i64 %v80
  %v82 = bitcast i8* %v81 to <4 x i16>*
  %v83 = load <4 x i16>, <4 x i16>* %v82, align 8
  %v84 = mul i32 %tid, 5
  %v85 = add i32 %v84, 3
  %v86 = and i32 %v85, 127
  %v87 = mul i32 %v86, 8
  %v88 = zext i32 %v87 to i64
  %v89 = getelementptr i8, i8* %in, i64 %v88
  %v90 = bitcast i8* %v89 to <4 x i16>*
  %v91 = load <4 x i16>, <4 x i16>* %v90, align 8
  %v92 = lshr <4 x i16> %v83, <i16 8, i16 1, i16 13, i16 1>
  %v93 = mul <4 x i16> %v92, %v92
  %v94 = extractelement <4 x i16> %v93, i32 1
  %v95 = extractelement <4 x i16> %v93, i32 3
  %v96 = icmp eq i8 %v51, 0
  %v97 = icmp eq i8 %v51, -1
  %v98 = icmp eq i8 %v51, -128
  %v99 = and i1 %v97, %v98
  %v100 = or i1 %v96, %v99
  %v101 = select i1 %v100, i8 -3, i8 %v51
  %v102 = sdiv i8 %v51, %v101
  %v103 = mul i32 %tid, 64
  %v104 = zext i32 %v103 to i64
  %v105 = getelementptr i8, i8* %out, i64 %v104
  %v106 = getelementptr i8, i8* %v105, i64 0
  %v107 = bitcast i8* %v106 to i64*
  store i64 %v16, i64* %v107, align 8
  %v108 = getelementptr i8, i8* %out, i64 %v104
  %v109 = getelementptr i8, i8* %v108, i64 8
  %v110 = bitcast i8* %v109 to i16*
  store i16 %v94, i16* %v110, align 2
  %v111 = getelementptr i8, i8* %out, i64 %v104
  %v112 = getelementptr i8, i8* %v111, i64 16
  %v113 = bitcast i8* %v112 to i64*
  store i64 %v8, i64* %v113, align 8
  %v114 = getelementptr i8, i8* %out, i64 %v104
  %v115 = getelementptr i8, i8* %v114, i64 24
  %v116 = bitcast i8* %v115 to i8*
  store i8 %v101, i8* %v116, align 1
  %v117 = getelementptr i8, i8* %out, i64 %v104
  %v118 = getelementptr i8, i8* %v117, i64 32
  %v119 = bitcast i8* %v118 to i8*
  store i8 %v52, i8* %v119, align 1
  %v120 = getelementptr i8, i8* %out, i64 %v104
  %v121 = getelementptr i8, i8* %v120, i64 40
  %v122 = bitcast i8* %v121 to i32*
  store i32 %v40, i32* %v122, align 4
  %v123 = getelementptr i8, i8* %out, i64 %v104
  %v124 = getelementptr i8, i8* %v123, i64 48
  %v125 = bitcast i8* %v124 to i8*
  store i8 %v51, i8* %v125, align 1
  %v126 = getelementptr i8, i8* %out, i64 %v104
  %v127 = getelementptr i8, i8* %v126, i64 56
  %v128 = bitcast i8* %v127 to i8*
  store i8 %v102, i8* %v128, align 1
  ret void
}

declare float @llvm.fabs.f32(float)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i8 @llvm.ssub.sat.i8(i8, i8)

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
