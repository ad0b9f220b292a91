target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [64 x i64] [i64 64980802682927141, i64 65535, i64 -32768, i64 -3100120429044554258, i64 -223833044738116386, i64 8, i64 -8633146441786513009, i64 -4675950160510980396, i64 1402034422007170532, i64 2603114864678447677, i64 63, i64 -7388262485236384035, i64 -2290445659467263300, i64 2204574283425921437, i64 -8893266475935267597, i64 255, i64 100, i64 9223372036854775807, i64 -1, i64 -1097271420695001480, i64 6176088216286325398, i64 7372727083546584696, i64 4066313478433487229, i64 -6514486098356571180, i64 3735928559, i64 212051906345728584, i64 0, i64 9223372036854775807, i64 2995959434066017642, i64 3312699236748938969, i64 8287117954903096667, i64 7292081246155023294, i64 -7, i64 8069586768911066164, i64 558855156107760138, i64 255, i64 1000, i64 64, i64 3546109401376855254, i64 -6932285320290100844, i64 32767, i64 -7270050030877244155, i64 6912870228580076320, i64 5449316294446303022, i64 3033671830167303352, i64 2147483648, i64 -32768, i64 -100, i64 -32768, i64 -7053934323112831197, i64 3248762337459674936, i64 7095018879664723530, i64 4294967295, i64 31, i64 -7982474367041354027, i64 1949336815863334887, i64 7792870738428200155, i64 -326230736930058210, i64 8146388180240412936, i64 9223372036854775807, i64 -7, i64 3, i64 2454741891403407327, i64 0], align 8
@tab1 = internal addrspace(4) constant [4 x i64] [i64 1699980134328642585, i64 2582692839177128696, i64 2466736028490534691, i64 -2], align 8
@tab2 = internal addrspace(4) constant [8 x i32] [i32 -1705263444, i32 1, i32 -784685425, i32 -128, i32 2013693231, i32 63, i32 1742605943, i32 -1451409282], align 8
@tab3 = internal constant [64 x i64] [i64 -2250726028332950037, i64 -3766634097767345457, i64 -9223372036854775808, i64 6978611568771471271, i64 3581356125502751088, i64 -4942387273211159449, i64 -2185107084291678139, i64 -4293015427046091938, i64 -5326707845367546311, i64 -6024044997420992406, i64 -9085859904901475343, i64 -959395317333465449, i64 -1023368240281749641, i64 -2313600738390688248, i64 1279659510815322145, i64 6406387157281907935, i64 -1525839593175947857, i64 4273319685589580500, i64 1194602361281891396, i64 -3700322764650691942, i64 -525330163244892807, i64 32768, i64 1, i64 6328467180036110587, i64 255, i64 -6703910006505092240, i64 -2646959458258002082, i64 7, i64 -307983103538595524, i64 2147483648, i64 -5416136016295185016, i64 31, i64 -9018855356287956858, i64 3079317180723275492, i64 2, i64 65536, i64 -1136175028468656701, i64 8257858065528970947, i64 15, i64 65536, i64 -3, i64 12345, i64 -1939541016927564545, i64 1601363511210439888, i64 -2, i64 -3157429401261976072, i64 1941772850138433499, i64 2973117016464807922, i64 -1973188302088704289, i64 1311768467463790320, i64 4951449115906074941, i64 -7, i64 -3572397917742121804, i64 -1, i64 -1, i64 -1307551715413193949, i64 15, i64 2866337120278171702, i64 -7187612095780926689, i64 2875160204124599264, i64 5178476883607452112, i64 -8480407598627388042, i64 8414934502120858334, i64 2394770022468492793], align 8
@tab4 = internal global [8 x i16] [i16 -20224, i16 -5943, i16 16579, i16 -32768, i16 -16475, i16 25288, i16 0, i16 31182], align 8
@tab5 = internal addrspace(4) constant [64 x i8] [i8 -83, i8 100, i8 61, i8 40, i8 -102, i8 89, i8 -24, i8 -47, i8 0, i8 120, i8 116, i8 34, i8 -107, i8 2, i8 28, i8 -49, i8 117, i8 -57, i8 4, i8 -38, i8 -54, i8 3, i8 74, i8 4, i8 101, i8 110, i8 -34, i8 -42, i8 -1, i8 -128, i8 0, i8 67, i8 0, i8 31, i8 127, i8 -15, i8 -4, i8 -44, i8 -118, i8 -100, i8 98, i8 -74, i8 85, i8 70, i8 -29, i8 -99, i8 -114, i8 -1, i8 53, i8 120, i8 1, i8 8, i8 76, i8 -96, i8 6, i8 37, i8 72, i8 116, i8 -128, i8 -77, i8 51, i8 102, i8 87, i8 -1], align 8

define internal i64 @helper0(i16 %p0) #0 {
entry:
  %v1 = and i32 65535, 63
  %v2 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab0, i32 0, i32 %v1
  %v3 = load i64, i64 addrspace(4)* %v2
  %v4 = and i32 %v1, 63
  %v5 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab0, i32 0, i32 %v4
  %v6 = load i64, i64 addrspace(4)* %v5
  %v7 = and i32 %v4, 3
  %v8 = getelementptr [4 x i64], [4 x i64] addrspace(4)* @tab1, i32 0, i32 %v7
  %v9 = load i64, i64 addrspace(4)* %v8
  %v10 = and i32 %v7, 3
  %v11 = getelementptr [4 x i64], [4 x i64] addrspace(4)* @tab1, i32 0, i32 %v10
  %v12 = load i64, i64 addrspace(4)* %v11
  %v13 = mul i8 -128, 0
  %v14 = and i32 %v10, 7
  %v15 = getelementptr [8 x i32], [8 x i32] addrspace(4)* @tab2, i32 0, i32 %v14
  %v16 = load i32, i32 addrspace(4)* %v15
  %v17 = and i32 %v1, 63
  %v18 = getelementptr [64 x i64], [64 x i64]* @tab3, i32 0, i32 %v17
  %v19 = load i64, i64* %v18
  %v20 = and i32 %v1, 63
  %v21 = getelementptr [64 x i64], [64 x i64]* @tab3, i32 0, i32 %v20
  %v22 = load i64, i64* %v21
  %v23 = sub i32 %v20, %v17
  %v24 = and i32 %v16, 7
  %v25 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v24
  %v26 = load i16, i16* %v25
  %v27 = and i32 %v20, 7
  %v28 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v27
  %v29 = load i16, i16* %v28
  %v30 = and i32 %v23, 7
  %v31 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v30
  %v32 = load i16, i16* %v31
  %v33 = call i32 @llvm.sadd.sat.i32(i32 %v30, i32 %v30)
  ret i64 %v3
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %arr26 = alloca [4 x i8], align 8
  %arr58 = alloca [8 x i64], align 8
  %arr84 = alloca [4 x i32], align 8
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 48
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = mul i32 %tid, 5
  %v10 = add i32 %v9, 83
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = getelementptr i8, i8* %v14, i64 4
  %v16 = bitcast i8* %v15 to i32*
  %v17 = load i32, i32* %v16, align 1
  %v18 = mul i32 %tid, 7
  %v19 = add i32 %v18, 76
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i64*
  %v25 = load i64, i64* %v24, align 8
  %v29 = mul i32 %tid, 37
  %v30 = add i32 %v29, 104
  %v31 = and i32 %v30, 127
  %v32 = shl i32 %v31, 3
  %v33 = zext i32 %v32 to i64
  %v34 = getelementptr i8, i8* %in, i64 %v33
  %v35 = bitcast i8* %v34 to i8*
  %v36 = load i8, i8* %v35, align 1
  br label %fill27
fill27:
  %i37 = phi i32 [ 0, %entry ], [ %inext38, %fill27 ]
  %v39 = trunc i32 %i37 to i8
  %v40 = mul i8 %v39, 131
  %v41 = xor i8 %v40, %v36
  %v42 = getelementptr [4 x i8], [4 x i8]* %arr26, i32 0, i32 %i37
  store i8 %v41, i8* %v42
  %inext38 = add i32 %i37, 1
  %v43 = icmp ult i32 %inext38, 4
  br i1 %v43, label %fill27, label %filled28
filled28:
  %v44 = and i32 %v17, 3
  %v45 = getelementptr [4 x i8], [4 x i8]* %arr26, i32 0, i32 %v44
  store i8 %v36, i8* %v45
  %v46 = and i32 %v44, 3
  %v47 = getelementptr [4 x i8], [4 x i8]* %arr26, i32 0, i32 %v46
  store i8 %v36, i8* %v47
  %v48 = and i32 %tid, 3
  %v49 = getelementptr [4 x i8], [4 x i8]* %arr26, i32 0, i32 %v48
  %v50 = load i8, i8* %v49
  %v51 = and i32 %v48, 3
  %v52 = getelementptr [4 x i8], [4 x i8]* %arr26, i32 0, i32 %v51
  %v53 = load i8, i8* %v52
  %v54 = zext i1 true to i16
  %v55 = call i64 @helper0(i16 %v54)
  %v56 = add i64 %v55, %v55
  %v57 = mul i32 16, %v51
  %v61 = and i32 %v44, 127
  %v62 = shl i32 %v61, 3
  %v63 = zext i32 %v62 to i64
  %v64 = getelementptr i8, i8* %in, i64 %v63
  %v65 = bitcast i8* %v64 to i64*
  %v66 = load i64, i64* %v65, align 8
  br label %fill59
fill59:
  %i67 = phi i32 [ 0, %filled28 ], [ %inext68, %fill59 ]
  %v69 = zext i32 %i67 to i64
  %v70 = mul i64 %v69, 1
  %v71 = xor i64 %v70, %v66
  %v72 = getelementptr [8 x i64], [8 x i64]* %arr58, i32 0, i32 %i67
  store i64 %v71, i64* %v72
  %inext68 = add i32 %i67, 1
  %v73 = icmp ult i32 %inext68, 8
  br i1 %v73, label %fill59, label %filled60
filled60:
  %v74 = and i32 %v48, 7
  %v75 = getelementptr [8 x i64], [8 x i64]* %arr58, i32 0, i32 %v74
  store i64 %v55, i64* %v75
  %v76 = and i32 %v51, 7
  %v77 = getelementptr [8 x i64], [8 x i64]* %arr58, i32 0, i32 %v76
  %v78 = load i64, i64* %v77
  %v79 = and i32 %v74, 7
  %v80 = getelementptr [8 x i64], [8 x i64]* %arr58, i32 0, i32 %v79
  %v81 = load i64, i64* %v80
  %v82 = and i32 %v57, 7
  %v83 = getelementptr [8 x i64], [8 x i64]* %arr58, i32 0, i32 %v82
  store i64 %v55, i64* %v83
  br label %fill85
fill85:
  %i87 = phi i32 [ 0, %filled60 ], [ %inext88, %fill85 ]
  %v89 = add i32 %i87, 0
  %v90 = mul i32 %v89, -7
  %v91 = xor i32 %v90, %v76
  %v92 = getelementptr [4 x i32], [4 x i32]* %arr84, i32 0, i32 %i87
  store i32 %v91, i32* %v92
  %inext88 = add i32 %i87, 1
  %v93 = icmp ult i32 %inext88, 4
  br i1 %v93, label %fill85, label %filled86
filled86:
  %v94 = and i32 %v48, 3
  %v95 = getelementptr [4 x i32], [4 x i32]* %arr84, i32 0, i32 %v94
  %v96 = load i32, i32* %v95
  %v97 = and i32 %v96, 3
  %v98 = getelementptr [4 x i32], [4 x i32]* %arr84, i32 0, i32 %v97
  store i32 %v97, i32* %v98
  %v99 = icmp sgt i64 %v66, %v81
  %v100 = select i1 %v99, i16 %v54, i16 %v54
  %v101 = mul i32 %tid, 3
  %v102 = add i32 %v101, 102
  %v103 = and i32 %v102, 127
  %v104 = shl i32 %v103, 3
  %v105 = zext i32 %v104 to i64
  %v106 = getelementptr i8, i8* %in, i64 %v105
  %v107 = bitcast i8* %v106 to i8*
  %v108 = load i8, i8* %v107, align 1
  %v109 = trunc i8 %v108 to i1
  %v110 = zext i1 %v109 to i64
  %v111 = call i64 @llvm.umin.i64(i64 %v110, i64 %v56)
  %v112 = and i32 %v97, 63
  %v113 = getelementptr [64 x i8], [64 x i8] addrspace(4)* @tab5, i32 0, i32 %v112
  %v114 = load i8, i8 addrspace(4)* %v113
  %v115 = mul i32 %tid, 64
  %v116 = zext i32 %v115 to i64
  %v117 = getelementptr i8, i8* %out, i64 %v116
  %v118 = getelementptr i8, i8* %v117, i64 0
  %v119 = bitcast i8* %v118 to i64*
  store i64 %v66, i64* %v119, align 8
  %v120 = getelementptr i8, i8* %out, i64 %v116
  %v121 = getelementptr i8, i8* %v120, i64 8
  %v122 = bitcast i8* %v121 to i64*
  store i64 %v111, i64* %v122, align 8
  %v123 = getelementptr i8, i8* %out, i64 %v116
  %v124 = getelementptr i8, i8* %v123, i64 16
  %v125 = bitcast i8* %v124 to i32*
  store i32 %v82, i32* %v125, align 4
  %v126 = getelementptr i8, i8* %out, i64 %v116
  %v127 = getelementptr i8, i8* %v126, i64 24
  %v128 = bitcast i8* %v127 to i32*
  store i32 %v76, i32* %v128, align 4
  %v129 = getelementptr i8, i8* %out, i64 %v116
  %v130 = getelementptr i8, i8* %v129, i64 32
  %v131 = bitcast i8* %v130 to i64*
  store i64 %v66, i64* %v131, align 8
  %v132 = getelementptr i8, i8* %out, i64 %v116
  %v133 = getelementptr i8, i8* %v132, i64 40
  %v134 = bitcast i8* %v133 to i16*
  store i16 %v100, i16* %v134, align 2
  %v135 = getelementptr i8, i8* %out, i64 %v116
  %v136 = getelementptr i8, i8* %v135, i64 48
  %v137 = bitcast i8* %v136 to i32*
  store i32 %v57, i32* %v137, align 4
  %v138 = getelementptr i8, i8* %out, i64 %v116
  %v139 = getelementptr i8, i8* %v138, i64 56
  %v140 = bitcast i8* %v139 to i32*
  store i32 %v82, i32* %v140, align 4
  ret void
}

declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i64 @llvm.umin.i64(i64, i64)

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
