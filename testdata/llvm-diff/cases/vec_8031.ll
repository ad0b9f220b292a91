target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i32 @helper0(i32 %p0, i16 %p1, float %p2, float %p3) #0 {
entry:
  %v1 = trunc i32 %p0 to i16
  %v2 = insertelement <4 x i16> zeroinitializer, i16 %v1, i32 0
  %v3 = insertelement <4 x i16> %v2, i16 %p1, i32 1
  %v4 = insertelement <4 x i16> %v3, i16 %v1, i32 2
  %v5 = insertelement <4 x i16> %v4, i16 %p1, i32 3
  %v6 = trunc i64 -3171207520445138966 to i16
  %v7 = insertelement <4 x i16> zeroinitializer, i16 %v6, i32 0
  %v8 = trunc i32 %p0 to i16
  %v9 = insertelement <4 x i16> %v7, i16 %v8, i32 1
  %v10 = insertelement <4 x i16> %v9, i16 -20583, i32 2
  %v11 = insertelement <4 x i16> %v10, i16 %v1, i32 3
  %v12 = icmp sle <4 x i16> %v5, %v11
  %v13 = select <4 x i1> %v12, <4 x i16> %v5, <4 x i16> %v11
  %v14 = udiv <4 x i16> %v13, <i16 1, i16 3, i16 10, i16 7>
  %v15 = extractelement <4 x i16> %v14, i32 0
  %v16 = and i64 64, 63
  %v17 = shl i64 -1, %v16
  %v18 = fcmp oge float %p2, %p3
  %v19 = zext i1 %v18 to i32
  %v20 = insertelement <4 x float> zeroinitializer, float %p2, i32 0
  %v21 = insertelement <4 x float> %v20, float %p2, i32 1
  %v22 = insertelement <4 x float> %v21, float %p3, i32 2
  %v23 = insertelement <4 x float> %v22, float %p3, i32 3
  %v24 = insertelement <4 x float> zeroinitializer, float %p3, i32 0
  %v25 = insertelement <4 x float> %v24, float %p2, i32 1
  %v26 = insertelement <4 x float> %v25, float %p2, i32 2
  %v27 = insertelement <4 x float> %v26, float %p3, i32 3
  %v28 = shufflevector <4 x float> %v23, <4 x float> %v27, <4 x i32> <i32 7, i32 7, i32 1, i32 4>
  %v29 = insertelement <4 x float> zeroinitializer, float 0x0000000000000000, i32 0
  %v30 = insertelement <4 x float> %v29, float %p2, i32 1
  %v31 = insertelement <4 x float> %v30, float %p3, i32 2
  %v32 = insertelement <4 x float> %v31, float %p2, i32 3
  %v33 = fcmp oeq <4 x float> %v28, %v32
  %v34 = select <4 x i1> %v33, <4 x float> %v28, <4 x float> %v32
  %v35 = fneg <4 x float> %v34
  %v36 = extractelement <4 x float> %v35, i32 3
  ret i32 %v19
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 29
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = mul i32 %tid, 11
  %v10 = add i32 %v9, 27
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = mul i32 %tid, 1
  %v18 = add i32 %v17, 69
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to float*
  %v24 = load float, float* %v23, align 4
  %v25 = call i32 @llvm.ctlz.i32(i32 %v16, i1 false)
  %v26 = zext i1 true to i8
  %v27 = insertelement <4 x i8> zeroinitializer, i8 %v26, i32 0
  %v28 = insertelement <4 x i8> %v27, i8 %v26, i32 1
  %v29 = insertelement <4 x i8> %v28, i8 %v26, i32 2
  %v30 = insertelement <4 x i8> %v29, i8 %v26, i32 3
  %v31 = insertelement <4 x i8> zeroinitializer, i8 %v26, i32 0
  %v32 = insertelement <4 x i8> %v31, i8 %v26, i32 1
  %v33 = trunc i32 %v25 to i8
  %v34 = insertelement <4 x i8> %v32, i8 %v33, i32 2
  %v35 = insertelement <4 x i8> %v34, i8 %v33, i32 3
  %v36 = add <4 x i8> %v30, %v35
  %v37 = extractelement <4 x i8> %v36, i32 0
  %v38 = extractelement <4 x i8> %v36, i32 1
  %v39 = insertelement <4 x i8> zeroinitializer, i8 %v26, i32 0
  %v40 = insertelement <4 x i8> %v39, i8 %v26, i32 1
  %v41 = insertelement <4 x i8> %v40, i8 %v33, i32 2
  %v42 = insertelement <4 x i8> %v41, i8 %v38, i32 3
  %v43 = mul i32 %tid, 7
  %v44 = add i32 %v43, 55
  %v45 = and i32 %v44, 255
  %v46 = mul i32 %v45, 4
  %v47 = zext i32 %v46 to i64
  %v48 = getelementptr i8, i8* %in, i64 %v47
  %v49 = bitcast i8* %v48 to <4 x i8>*
  %v50 = load <4 x i8>, <4 x i8>* %v49, align 4
  %v51 = sub <4 x i8> %v42, %v50
  %v52 = or <4 x i8> %v51, %v51
  %v53 = extractelement <4 x i8> %v52, i32 2
  %v54 = extractelement <4 x i8> %v52, i32 0
  %v55 = add i32 %v25, %v16
  %v56 = mul i32 %tid, 1
  %v57 = add i32 %v56, 76
  %v58 = and i32 %v57, 127
  %v59 = shl i32 %v58, 3
  %v60 = zext i32 %v59 to i64
  %v61 = getelementptr i8, i8* %in, i64 %v60
  %v62 = bitcast i8* %v61 to double*
  %v63 = load double, double* %v62, align 8
  %v64 = call i64 @llvm.fptoui.sat.i64.f64(double %v63)
  %v65 = or i32 %tid, %v16
  %v66 = and i32 %v65, 7
  %v70 = trunc i64 %v64 to i32
  br label %head67
head67:
  %i71 = phi i32 [ 0, %entry ], [ %inext72, %body68 ]
  %acc73 = phi i32 [ %v70, %entry ], [ %accnext74, %body68 ]
  %v75 = icmp ult i32 %i71, %v66
  br i1 %v75, label %body68, label %exit69
body68:
  %v76 = call i32 @helper0(i32 %i71, i16 %v8, float %v24, float %v24)
  %accnext74 = mul i32 %acc73, %i71
  %inext72 = add i32 %i71, 1
  br label %head67
exit69:
  %v77 = mul i64 %v64, %v64
  %v78 = and i32 %acc73, 127
  %v79 = shl i32 %v78, 3
  %v80 = zext i32 %v79 to i64
  %v81 = getelementptr i8, i8* %in, i64 %v80
  %v82 = bitcast i8* %v81 to i64*
  %v83 = load i64, i64* %v82, align 8
  %v84 = mul i32 %tid, 13
  %v85 = add i32 %v84, 127
  %v86 = and i32 %v85, 127
  %v87 = shl i32 %v86, 3
  %v88 = zext i32 %v87 to i64
  %v89 = getelementptr i8, i8* %in, i64 %v88
  %v90 = bitcast i8* %v89 to i64*
  %v91 = load i64, i64* %v90, align 8
  %v92 = zext i64 %v83 to i128
  %v93 = zext i64 %v91 to i128
  %v94 = shl i128 %v93, 64
  %v95 = or i128 %v92, %v94
  %v96 = and i128 %v95, %v94
  %v97 = lshr i128 %v96, 64
  %v98 = trunc i128 %v97 to i64
  %v99 = trunc i64 %v98 to i32
  %v100 = mul i32 %tid, 64
  %v101 = zext i32 %v100 to i64
  %v102 = getelementptr i8, i8* %out, i64 %v101
  %v103 = getelementptr i8, i8* %v102, i64 0
  %v104 = bitcast i8* %v103 to i32*
  store i32 %i71, i32* %v104, align 4
  %v105 = getelementptr i8, i8* %out, i64 %v101
  %v106 = getelementptr i8, i8* %v105, i64 8
  %v107 = bitcast i8* %v106 to i16*
  store i16 %v8, i16* %v107, align 2
  %v108 = getelementptr i8, i8* %out, i64 %v101
  %v109 = getelementptr i8, i8* %v108, i64 16
  %v110 = bitcast i8* %v109 to i64*
  store i64 %v64, i64* %v110, align 8
  %v111 = getelementptr i8, i8* %out, i64 %v101
  %v112 = getelementptr i8, i8* %v111, i64 24
  %v113 = bitcast i8* %v112 to i64*
  store i64 %v98, i64* %v113, align 8
  %v114 = zext i16 %v8 to i32
  %v115 = icmp ugt i32 %v99, %v114
  %v116 = zext i1 %v115 to i8
  %v117 = getelementptr i8, i8* %out, i64 %v101
  %v118 = getelementptr i8, i8* %v117, i64 32
  %v119 = bitcast i8* %v118 to i8*
  store i8 %v116, i8* %v119, align 1
  %v120 = getelementptr i8, i8* %out, i64 %v101
  %v121 = getelementptr i8, i8* %v120, i64 40
  %v122 = bitcast i8* %v121 to i32*
  store i32 %v16, i32* %v122, align 4
  %v123 = getelementptr i8, i8* %out, i64 %v101
  %v124 = getelementptr i8, i8* %v123, i64 48
  %v125 = bitcast i8* %v124 to i32*
  store i32 %v99, i32* %v125, align 4
  %v126 = getelementptr i8, i8* %out, i64 %v101
  %v127 = getelementptr i8, i8* %v126, i64 56
  %v128 = bitcast i8* %v127 to i8*
  store i8 %v54, i8* %v128, align 1
  ret void
}

declare i32 @llvm.ctlz.i32(i32, i1)
declare i64 @llvm.fptoui.sat.i64.f64(double)

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
