target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal constant [16 x i64] [i64 32, i64 -128, i64 7, i64 -1, i64 8040531255566972291, i64 7154313940993613264, i64 -1, i64 3023811825177851295, i64 -2, i64 -4871259837757734067, i64 -32768, i64 8996954568625880927, i64 950649516796084506, i64 63, i64 -5337457024885355802, i64 1338875294365768072], align 8
@tab1 = internal constant [64 x i32] [i32 16, i32 68147866, i32 32768, i32 100, i32 31, i32 0, i32 362485342, i32 -2024931748, i32 -1142688661, i32 -1508560102, i32 -2102515491, i32 735367586, i32 -629580341, i32 1611100494, i32 -32176295, i32 8, i32 8, i32 -559038737, i32 1128273801, i32 -1749621012, i32 -492330505, i32 -1398534241, i32 -858515819, i32 15, i32 239912470, i32 1655782712, i32 528562022, i32 -762954833, i32 1561249389, i32 1574370498, i32 -1997196122, i32 -1, i32 2073680400, i32 -128, i32 -416068835, i32 16, i32 -768196018, i32 -2116413608, i32 -1950225160, i32 -531975279, i32 0, i32 -2099727332, i32 100, i32 127, i32 -1529559834, i32 791668441, i32 -831721241, i32 -562577263, i32 770428783, i32 -559038737, i32 1518238760, i32 973472514, i32 126527058, i32 91456440, i32 56905817, i32 -2135600887, i32 108328523, i32 31, i32 255, i32 722106622, i32 -1040984981, i32 -1460167295, i32 128, i32 -1], align 8
@tab2 = internal constant [4 x i32] [i32 64, i32 -848558769, i32 -1278430681, i32 -1934846758], align 8
@tab3 = internal addrspace(4) constant [8 x i64] [i64 784547843023957050, i64 -2745869386058583347, i64 2, i64 -5498715160651130220, i64 -596807337397860199, i64 7040581757787343245, i64 -8704798197640158377, i64 6552264245741652511], align 8
@tab4 = internal constant [16 x i32] [i32 65536, i32 642080722, i32 -430493339, i32 127, i32 1900504905, i32 -1063541389, i32 1455953926, i32 -3, i32 31, i32 256, i32 65535, i32 1950152307, i32 1593556803, i32 1000, i32 -396239267, i32 1727114361], align 8
@tab5 = internal addrspace(4) constant [64 x i64] [i64 -2431853308679220953, i64 9223372036854775807, i64 5876872861216519686, i64 -5517286157159054401, i64 -4787743636241573210, i64 4343322122166753148, i64 -4845744899795798498, i64 1367773364774649552, i64 -5956267486537512056, i64 -1534418621439874491, i64 -4466256984585682690, i64 -6954282858632832189, i64 -670148910243885099, i64 6292665015452153680, i64 2147483647, i64 2565357047312043400, i64 -4739684997189963841, i64 3598606950334884876, i64 3, i64 8502687984987774090, i64 3648561854847009679, i64 9130735930591871619, i64 -7926628546348580922, i64 -9202109357684841179, i64 2333085444794598888, i64 -7561535203342927975, i64 7678707758203878531, i64 -4731298497693336633, i64 -5229303735183024595, i64 4002818023392815642, i64 -7447985640847671849, i64 2, i64 7469278755013447548, i64 7854092818092569956, i64 -336652357727397664, i64 56459459685827310, i64 6253024013760654701, i64 6588685898271128496, i64 0, i64 7257058729179054648, i64 3, i64 -7908749457577949149, i64 32, i64 -3063131430114749321, i64 32, i64 55065229744369290, i64 -579174998040047293, i64 32767, i64 -2934779677512455370, i64 -7970736421613860086, i64 -8911090122952362350, i64 4174621224751860292, i64 -1, i64 -6037274667456072234, i64 -422422086889911732, i64 -4891111856469924506, i64 -7551008279671291976, i64 -4587200404456855716, i64 3065352598614479640, i64 -5169765519765877959, i64 -6718023242161079004, i64 2569695710892994851, i64 3735928559, i64 5437963029176826739], align 8
@tab6 = internal global [16 x i8] [i8 -43, i8 -72, i8 -17, i8 49, i8 80, i8 43, i8 -107, i8 3, i8 -117, i8 -44, i8 43, i8 56, i8 8, i8 43, i8 -69, i8 4], align 8
@tab7 = internal addrspace(4) constant [16 x i32] [i32 1138013101, i32 1353994484, i32 -1899484710, i32 -7, i32 -1, i32 743597407, i32 32768, i32 71856132, i32 31, i32 373694619, i32 -729513298, i32 -13600346, i32 -8, i32 1966531514, i32 -2081339620, i32 -1993946365], align 8
@tab8 = internal constant [16 x i32] [i32 -1391714409, i32 1000, i32 -593659591, i32 65535, i32 -1771742478, i32 -1, i32 65536, i32 -1938936192, i32 -8, i32 -8, i32 -2147483648, i32 -1698898192, i32 12345, i32 784235659, i32 7, i32 8], align 8
@tab9 = internal constant [4 x i32] [i32 961585700, i32 3, i32 63, i32 -686516166], align 8
@tab10 = internal global [64 x i32] [i32 -311256323, i32 787680835, i32 65536, i32 808400749, i32 -405767034, i32 -1866872376, i32 402477536, i32 417423956, i32 -1092094914, i32 -128, i32 1492013568, i32 127, i32 -1972038739, i32 100, i32 -352352920, i32 -8, i32 -698853061, i32 636404161, i32 -1, i32 0, i32 100, i32 12345, i32 256, i32 127, i32 65536, i32 16, i32 2101625024, i32 1519836585, i32 -1471731124, i32 632483774, i32 -969122067, i32 -1912796419, i32 -1715749785, i32 -3, i32 7, i32 -1442872593, i32 421878370, i32 438043463, i32 0, i32 1484316173, i32 1670387417, i32 488179586, i32 -100, i32 -1, i32 -1, i32 -1088547507, i32 15, i32 1, i32 -3, i32 -1259993023, i32 697229282, i32 239103039, i32 -854380561, i32 0, i32 1504496745, i32 853752023, i32 777344015, i32 1478675761, i32 -6561923, i32 -1884947084, i32 -793717442, i32 1595944421, i32 0, i32 -1760836863], align 8
@tab11 = internal addrspace(4) constant [4 x i8] [i8 -37, i8 -104, i8 -11, i8 64], align 8

define internal i64 @helper0(i32 %p0, i8 %p1, i32* %p2) #0 {
entry:
  %v1 = and i32 %p0, 7
  %v2 = getelementptr i32, i32* %p2, i32 %v1
  %v3 = load i32, i32* %v2
  %v4 = and i32 %v3, 7
  %v5 = getelementptr i32, i32* %p2, i32 %v4
  %v6 = load i32, i32* %v5
  %v7 = and i32 %v3, 7
  %v8 = getelementptr i32, i32* %p2, i32 %v7
  store i32 %v7, i32* %v8
  %v9 = and i32 %p0, 3
  %v13 = zext i16 -4950 to i32
  br label %head10
head10:
  %i14 = phi i32 [ 0, %entry ], [ %inext15, %body11 ]
  %acc16 = phi i32 [ %v13, %entry ], [ %accnext17, %body11 ]
  %acc18 = phi i8 [ %p1, %entry ], [ %accnext19, %body11 ]
  %v20 = icmp ult i32 %i14, %v9
  br i1 %v20, label %body11, label %exit12
body11:
  %v21 = and i32 %i14, 63
  %v22 = getelementptr [64 x i32], [64 x i32]* @tab1, i32 0, i32 %v21
  %v23 = load i32, i32* %v22
  %v24 = and i32 %v9, 63
  %v25 = getelementptr [64 x i32], [64 x i32]* @tab1, i32 0, i32 %v24
  %v26 = load i32, i32* %v25
  %v27 = and i32 %v21, 63
  %v28 = getelementptr [64 x i32], [64 x i32]* @tab1, i32 0, i32 %v27
  %v29 = load i32, i32* %v28
  %accnext17 = xor i32 %acc16, %v21
  %accnext19 = or i8 %acc18, %acc18
  %inext15 = add i32 %i14, 1
  br label %head10
exit12:
  %v30 = zext i64 -2 to i128
  %v31 = mul i128 %v30, %v30
  %v32 = trunc i128 %v31 to i64
  %v33 = trunc i64 %v32 to i16
  %v34 = and i32 %v9, 3
  %v35 = getelementptr [4 x i32], [4 x i32]* @tab2, i32 0, i32 %v34
  %v36 = load i32, i32* %v35
  %v37 = and i32 %acc16, 3
  %v38 = getelementptr [4 x i32], [4 x i32]* @tab2, i32 0, i32 %v37
  %v39 = load i32, i32* %v38
  %v40 = and i32 %i14, 3
  %v41 = getelementptr [4 x i32], [4 x i32]* @tab2, i32 0, i32 %v40
  %v42 = load i32, i32* %v41
  %v43 = add i32 %v42, %i14
  %v44 = mul i64 %v32, %v32
  br label %head45
head45:
  %i48 = phi i32 [ 0, %exit12 ], [ %inext49, %cont79 ]
  %acc50 = phi i32 [ %v37, %exit12 ], [ %accnext51, %cont79 ]
  %v52 = icmp ult i32 %i48, 3
  br i1 %v52, label %body46, label %exit47
body46:
  %v53 = icmp sle i32 %i48, %v42
  %v54 = select i1 %v53, i32 %v34, i32 %v43
  %v55 = call i32 @llvm.smin.i32(i32 %acc50, i32 %i48)
  %v56 = mul i32 %v4, %v13
  %v57 = and i32 %v55, 15
  br label %head58
head58:
  %i61 = phi i32 [ 0, %body46 ], [ %inext62, %body59 ]
  %acc63 = phi i32 [ %v54, %body46 ], [ %accnext64, %body59 ]
  %acc65 = phi i16 [ %v33, %body46 ], [ %accnext66, %body59 ]
  %v67 = icmp ult i32 %i61, %v57
  br i1 %v67, label %body59, label %exit60
body59:
  %v68 = and i32 %v34, 7
  %v69 = getelementptr [8 x i64], [8 x i64] addrspace(4)* @tab3, i32 0, i32 %v68
  %v70 = load i64, i64 addrspace(4)* %v69
  %v71 = and i32 %acc63, 7
  %v72 = getelementptr [8 x i64], [8 x i64] addrspace(4)* @tab3, i32 0, i32 %v71
  %v73 = load i64, i64 addrspace(4)* %v72
  %v74 = and i32 %v71, 7
  %v75 = getelementptr [8 x i64], [8 x i64] addrspace(4)* @tab3, i32 0, i32 %v74
  %v76 = load i64, i64 addrspace(4)* %v75
  %accnext64 = mul i32 %acc63, 31
  %accnext66 = mul i16 %acc65, %acc65
  %inext62 = add i32 %i61, 1
  br label %head58
exit60:
  %v77 = trunc i64 %v32 to i32
  %v78 = icmp sgt i32 %v57, %v77
  br i1 %v78, label %exit47, label %cont79
cont79:
  %v80 = zext i16 %v33 to i64
  %v81 = sub i64 7, %v80
  %accnext51 = xor i32 %acc50, %v77
  %inext49 = add i32 %i48, 1
  br label %head45
exit47:
  %v82 = and i32 %v43, 7
  br label %head83
head83:
  %i86 = phi i32 [ 0, %exit47 ], [ %inext87, %cont124 ]
  %acc88 = phi i32 [ %v40, %exit47 ], [ %accnext89, %cont124 ]
  %v90 = icmp ult i32 %i86, %v82
  br i1 %v90, label %body84, label %exit85
body84:
  %v91 = and i32 %acc50, 15
  br label %head92
head92:
  %i95 = phi i32 [ 0, %body84 ], [ %inext96, %cont107 ]
  %acc97 = phi i32 [ %acc88, %body84 ], [ %accnext98, %cont107 ]
  %acc99 = phi i16 [ %v33, %body84 ], [ %accnext100, %cont107 ]
  %v101 = icmp ult i32 %i95, %v91
  br i1 %v101, label %body93, label %exit94
body93:
  %v102 = icmp eq i32 %v6, 0
  %v103 = select i1 %v102, i32 3, i32 %v6
  %v104 = urem i32 %acc97, %v103
  %v105 = trunc i32 %v40 to i16
  %v106 = icmp slt i16 %v105, %acc99
  br i1 %v106, label %exit94, label %cont107
cont107:
  %v108 = and i32 %i86, 15
  %v109 = getelementptr [16 x i32], [16 x i32]* @tab4, i32 0, i32 %v108
  %v110 = load i32, i32* %v109
  %v111 = and i32 %i86, 15
  %v112 = getelementptr [16 x i32], [16 x i32]* @tab4, i32 0, i32 %v111
  %v113 = load i32, i32* %v112
  %v114 = trunc i64 %v44 to i32
  %v115 = icmp eq i32 %v114, 0
  %v116 = icmp eq i32 %v114, -1
  %v117 = icmp eq i32 %v114, -2147483648
  %v118 = and i1 %v116, %v117
  %v119 = or i1 %v115, %v118
  %v120 = select i1 %v119, i32 -3, i32 %v114
  %v121 = sdiv i32 %v114, %v120
  %accnext98 = sub i32 %acc97, %v114
  %v122 = sext i8 %acc18 to i16
  %accnext100 = xor i16 %acc99, %v122
  %inext96 = add i32 %i95, 1
  br label %head92
exit94:
  %v123 = icmp ule i16 %acc99, %acc99
  br i1 %v123, label %exit85, label %cont124
cont124:
  %v125 = call i32 @llvm.sadd.sat.i32(i32 659138370, i32 %v37)
  %accnext89 = sub i32 %acc88, %v91
  %inext87 = add i32 %i86, 1
  br label %head83
exit85:
  %v126 = and i32 %v39, 3
  br label %head127
head127:
  %i130 = phi i32 [ 0, %exit85 ], [ %inext131, %exit138 ]
  %acc132 = phi i16 [ %v33, %exit85 ], [ %accnext133, %exit138 ]
  %v134 = icmp ult i32 %i130, %v126
  br i1 %v134, label %body128, label %exit129
body128:
  %v135 = and i32 %v42, 15
  br label %head136
head136:
  %i139 = phi i32 [ 0, %body128 ], [ %inext140, %body137 ]
  %acc141 = phi i64 [ -1, %body128 ], [ %accnext142, %body137 ]
  %v143 = icmp ult i32 %i139, %v135
  br i1 %v143, label %body137, label %exit138
body137:
  %v144 = and i32 %acc88, 63
  %v145 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab5, i32 0, i32 %v144
  %v146 = load i64, i64 addrspace(4)* %v145
  %v147 = and i32 %v135, 63
  %v148 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab5, i32 0, i32 %v147
  %v149 = load i64, i64 addrspace(4)* %v148
  %v150 = and i32 %v147, 15
  %v151 = getelementptr [16 x i8], [16 x i8]* @tab6, i32 0, i32 %v150
  %v152 = load i8, i8* %v151
  %v153 = and i32 %v43, 15
  %v154 = getelementptr [16 x i8], [16 x i8]* @tab6, i32 0, i32 %v153
  %v155 = load i8, i8* %v154
  %v156 = and i32 %v153, 15
  %v157 = getelementptr [16 x i8], [16 x i8]* @tab6, i32 0, i32 %v156
  %v158 = load i8, i8* %v157
  %v159 = and i32 %v150, 15
  %v160 = getelementptr [16 x i32], [16 x i32] addrspace(4)* @tab7, i32 0, i32 %v159
  %v161 = load i32, i32 addrspace(4)* %v160
  %v162 = and i32 %v156, 15
  %v163 = getelementptr [16 x i32], [16 x i32] addrspace(4)* @tab7, i32 0, i32 %v162
  %v164 = load i32, i32 addrspace(4)* %v163
  %v165 = and i32 %i48, 15
  %v166 = getelementptr [16 x i32], [16 x i32] addrspace(4)* @tab7, i32 0, i32 %v165
  %v167 = load i32, i32 addrspace(4)* %v166
  %v168 = and i32 %v167, 15
  %v169 = getelementptr [16 x i32], [16 x i32]* @tab8, i32 0, i32 %v168
  %v170 = load i32, i32* %v169
  %v171 = and i32 %v7, 15
  %v172 = getelementptr [16 x i32], [16 x i32]* @tab8, i32 0, i32 %v171
  %v173 = load i32, i32* %v172
  %v174 = and i32 %v167, 15
  %v175 = getelementptr [16 x i32], [16 x i32]* @tab8, i32 0, i32 %v174
  %v176 = load i32, i32* %v175
  %accnext142 = mul i64 %acc141, %acc141
  %inext140 = add i32 %i139, 1
  br label %head136
exit138:
  %v177 = and i64 1, 63
  %v178 = call i64 @llvm.sshl.sat.i64(i64 %acc141, i64 %v177)
  %accnext133 = sub i16 %acc132, %acc132
  %inext131 = add i32 %i130, 1
  br label %head127
exit129:
  ret i64 %v32
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %arr33 = alloca [8 x i32], align 8
  %arr65 = alloca [32 x i32], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i16*
  %v6 = load i16, i16* %v5, align 2
  %v7 = mul i32 %tid, 3
  %v8 = add i32 %v7, 33
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = and i32 %tid, 15
  %v16 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v15
  %v17 = load i64, i64* %v16
  %v18 = and i32 %tid, 15
  %v19 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v18
  %v20 = load i64, i64* %v19
  %v21 = and i32 %v18, 15
  %v22 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v21
  %v23 = load i64, i64* %v22
  %v24 = trunc i64 %v23 to i32
  %v25 = mul i32 %tid, 5
  %v26 = add i32 %v25, 50
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to i8*
  %v32 = load i8, i8* %v31, align 1
  %v34 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 0
  store i32 %tid, i32* %v34
  %v35 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 1
  store i32 %v24, i32* %v35
  %v36 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 2
  store i32 %v18, i32* %v36
  %v37 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 3
  store i32 %v24, i32* %v37
  %v38 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 4
  store i32 %v24, i32* %v38
  %v39 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 5
  store i32 %v24, i32* %v39
  %v40 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 6
  store i32 %v24, i32* %v40
  %v41 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 7
  store i32 %v18, i32* %v41
  %v42 = getelementptr [8 x i32], [8 x i32]* %arr33, i32 0, i32 0
  %v43 = call i64 @helper0(i32 %v24, i8 %v32, i32* %v42)
  %v44 = icmp eq i16 %v6, 0
  %v45 = select i1 %v44, i16 3, i16 %v6
  %v46 = udiv i16 %v6, %v45
  %v47 = and i32 %v15, 3
  %v48 = getelementptr [4 x i32], [4 x i32]* @tab9, i32 0, i32 %v47
  %v49 = load i32, i32* %v48
  %v50 = and i32 %v49, 63
  %v51 = getelementptr [64 x i32], [64 x i32]* @tab10, i32 0, i32 %v50
  %v52 = load i32, i32* %v51
  %v53 = and i32 %v47, 63
  %v54 = getelementptr [64 x i32], [64 x i32]* @tab10, i32 0, i32 %v53
  %v55 = load i32, i32* %v54
  %v56 = mul i32 %tid, 17
  %v57 = add i32 %v56, 127
  %v58 = and i32 %v57, 127
  %v59 = shl i32 %v58, 3
  %v60 = zext i32 %v59 to i64
  %v61 = getelementptr i8, i8* %in, i64 %v60
  %v62 = bitcast i8* %v61 to i32*
  %v63 = load i32, i32* %v62, align 4
  %v64 = mul i32 %v63, %v63
  br label %fill66
fill66:
  %i68 = phi i32 [ 0, %entry ], [ %inext69, %fill66 ]
  %v70 = add i32 %i68, 0
  %v71 = mul i32 %v70, 3
  %v72 = xor i32 %v71, %v63
  %v73 = getelementptr [32 x i32], [32 x i32]* %arr65, i32 0, i32 %i68
  store i32 %v72, i32* %v73
  %inext69 = add i32 %i68, 1
  %v74 = icmp ult i32 %inext69, 32
  br i1 %v74, label %fill66, label %filled67
filled67:
  %v75 = and i32 %v63, 31
  %v76 = getelementptr [32 x i32], [32 x i32]* %arr65, i32 0, i32 %v75
  %v77 = load i32, i32* %v76
  %v78 = and i32 %v63, 31
  %v79 = getelementptr [32 x i32], [32 x i32]* %arr65, i32 0, i32 %v78
  store i32 %v64, i32* %v79
  %v80 = and i32 %v47, 31
  %v81 = getelementptr [32 x i32], [32 x i32]* %arr65, i32 0, i32 %v80
  %v82 = load i32, i32* %v81
  %v83 = and i32 %v82, 3
  %v84 = getelementptr [4 x i8], [4 x i8] addrspace(4)* @tab11, i32 0, i32 %v83
  %v85 = load i8, i8 addrspace(4)* %v84
  %v86 = and i32 %v83, 3
  %v87 = getelementptr [4 x i8], [4 x i8] addrspace(4)* @tab11, i32 0, i32 %v86
  %v88 = load i8, i8 addrspace(4)* %v87
  %v89 = and i32 %v82, 3
  %v90 = getelementptr [4 x i8], [4 x i8] addrspace(4)* @tab11, i32 0, i32 %v89
  %v91 = load i8, i8 addrspace(4)* %v90
  %v92 = call i32 @llvm.ctpop.i32(i32 %v89)
  %v93 = mul i32 %tid, 64
  %v94 = zext i32 %v93 to i64
  %v95 = getelementptr i8, i8* %out, i64 %v94
  %v96 = getelementptr i8, i8* %v95, i64 0
  %v97 = bitcast i8* %v96 to i32*
  store i32 %v92, i32* %v97, align 4
  %v98 = getelementptr i8, i8* %out, i64 %v94
  %v99 = getelementptr i8, i8* %v98, i64 8
  %v100 = bitcast i8* %v99 to i32*
  store i32 %v47, i32* %v100, align 4
  %v101 = getelementptr i8, i8* %out, i64 %v94
  %v102 = getelementptr i8, i8* %v101, i64 16
  %v103 = bitcast i8* %v102 to i32*
  store i32 %v86, i32* %v103, align 4
  %v104 = getelementptr i8, i8* %out, i64 %v94
  %v105 = getelementptr i8, i8* %v104, i64 24
  %v106 = bitcast i8* %v105 to i32*
  store i32 %v49, i32* %v106, align 4
  %v107 = getelementptr i8, i8* %out, i64 %v94
  %v108 = getelementptr i8, i8* %v107, i64 32
  %v109 = bitcast i8* %v108 to i16*
  store i16 %v45, i16* %v109, align 2
  %v110 = getelementptr i8, i8* %out, i64 %v94
  %v111 = getelementptr i8, i8* %v110, i64 40
  %v112 = bitcast i8* %v111 to i8*
  store i8 %v88, i8* %v112, align 1
  %v113 = getelementptr i8, i8* %out, i64 %v94
  %v114 = getelementptr i8, i8* %v113, i64 48
  %v115 = bitcast i8* %v114 to i64*
  store i64 %v17, i64* %v115, align 8
  %v116 = getelementptr i8, i8* %out, i64 %v94
  %v117 = getelementptr i8, i8* %v116, i64 56
  %v118 = bitcast i8* %v117 to i8*
  store i8 %v85, i8* %v118, align 1
  ret void
}

declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i64 @llvm.sshl.sat.i64(i64, i64)

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
