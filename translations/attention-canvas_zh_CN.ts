<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CanvasWidget</name>
    <message>
        <source>Cannot add more than %1 keys</source>
        <translation>最多只能有 %1 个键</translation>
    </message>
    <message>
        <source>Select a key or a value to remove it</source>
        <translation>请先选中一个键或值再删除</translation>
    </message>
    <message>
        <source>Cannot remove the last key</source>
        <translation>不能删除最后一个键</translation>
    </message>
    <message>
        <source>Cannot remove the only key that is not masked</source>
        <translation>不能删除唯一一个未被掩码的键</translation>
    </message>
    <message>
        <source>At least one key must stay unmasked</source>
        <translation>至少要有一个键不被掩码</translation>
    </message>
    <message>
        <source>Add key here</source>
        <translation>在此处添加键</translation>
    </message>
    <message>
        <source>Remove this key</source>
        <translation>删除这个键</translation>
    </message>
    <message>
        <source>Unmask this key</source>
        <translation>取消掩码这个键</translation>
    </message>
    <message>
        <source>Mask this key</source>
        <translation>掩码这个键</translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>out</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>%1 masked</source>
        <translation>%1 已掩码</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Attention Canvas: drag query, key and value vectors and watch attention scores, softmax weights and the weighted sum change.</source>
        <translation>注意力画布：拖动查询、键和值向量，观察注意力分数、softmax 权重和加权和如何变化。</translation>
    </message>
    <message>
        <source>Open the scene FILE (JSON).</source>
        <translation>打开场景文件 FILE（JSON）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Compute without a window and write every number as JSON to OUT ("-" for standard output).</source>
        <translation>不打开窗口直接计算，把所有数值以 JSON 写入 OUT（“-”表示标准输出）。</translation>
    </message>
    <message>
        <source>OUT</source>
        <translation>OUT</translation>
    </message>
    <message>
        <source>Use the score method M: dot, scaled, cosine, general, additive or multihead.</source>
        <translation>使用打分方法 M：dot、scaled、cosine、general、additive 或 multihead。</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Use the softmax temperature T (a number &gt; 0).</source>
        <translation>使用 softmax 温度 T（大于 0 的数）。</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>Use the language L: en or zh_CN.</source>
        <translation>使用界面语言 L：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Unexpected argument "%1"; use --scene FILE to open a scene.</source>
        <translation>无法识别的参数“%1”；请用 --scene FILE 打开场景。</translation>
    </message>
    <message>
        <source>--scene needs a file name.</source>
        <translation>--scene 需要一个文件名。</translation>
    </message>
    <message>
        <source>--report needs an output file name or "-".</source>
        <translation>--report 需要一个输出文件名或“-”。</translation>
    </message>
    <message>
        <source>Unknown method "%1"; expected dot, scaled, cosine, general, additive or multihead.</source>
        <translation>未知的方法“%1”；应为 dot、scaled、cosine、general、additive 或 multihead。</translation>
    </message>
    <message>
        <source>The temperature must be a number greater than 0, not "%1".</source>
        <translation>温度必须是大于 0 的数，而不是“%1”。</translation>
    </message>
    <message>
        <source>Unknown language "%1"; expected en or zh_CN.</source>
        <translation>未知的语言“%1”；应为 en 或 zh_CN。</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>一个整数</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a text string</source>
        <translation>一个字符串</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>一个列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>a vector of 2 numbers</source>
        <translation>由 2 个数组成的向量</translation>
    </message>
    <message>
        <source>a matrix (a list of rows)</source>
        <translation>一个矩阵（按行组成的列表）</translation>
    </message>
    <message>
        <source>the text ends too early</source>
        <translation>文本提前结束</translation>
    </message>
    <message>
        <source>there is more text after the end</source>
        <translation>结尾之后还有多余内容</translation>
    </message>
    <message>
        <source>a bad escape sequence in a string</source>
        <translation>字符串中有错误的转义序列</translation>
    </message>
    <message>
        <source>a badly written number</source>
        <translation>数字格式错误</translation>
    </message>
    <message>
        <source>a number too large for a double</source>
        <translation>数值超出双精度浮点数范围</translation>
    </message>
    <message>
        <source>a control character inside a string</source>
        <translation>字符串中含有控制字符</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>an unexpected character</source>
        <translation>意外的字符</translation>
    </message>
    <message>
        <source>%1: there must be at least one key.</source>
        <translation>%1：至少需要一个键。</translation>
    </message>
    <message>
        <source>%1: %2 keys, but at most %3 are allowed.</source>
        <translation>%1：有 %2 个键，但最多只允许 %3 个。</translation>
    </message>
    <message>
        <source>%1: %2 entries, but there are %3 keys; there must be one per key.</source>
        <translation>%1：有 %2 项，但键有 %3 个；每个键必须对应一项。</translation>
    </message>
    <message>
        <source>%1: wrong size, expected %2 but found %3.</source>
        <translation>%1：维度不对，应为 %2，实际为 %3。</translation>
    </message>
    <message>
        <source>%1: not a finite number (NaN or infinity).</source>
        <translation>%1：不是有限数（NaN 或无穷大）。</translation>
    </message>
    <message>
        <source>%1: the temperature must be a number greater than 0.</source>
        <translation>%1：温度必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: the scale dimension must be a number greater than 0.</source>
        <translation>%1：缩放维度必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: every key is masked; at least one key must stay.</source>
        <translation>%1：所有键都被掩码了；至少要保留一个键。</translation>
    </message>
    <message>
        <source>%1: there must be at least one head.</source>
        <translation>%1：至少需要一个头。</translation>
    </message>
    <message>
        <source>%1: %2 heads do not divide the dimension %3.</source>
        <translation>%1：%2 个头无法整除维度 %3。</translation>
    </message>
    <message>
        <source>%1: %2 is out of range (the limit is %3).</source>
        <translation>%1：%2 超出范围（上限为 %3）。</translation>
    </message>
    <message>
        <source>%1: value out of range.</source>
        <translation>%1：数值超出范围。</translation>
    </message>
    <message>
        <source>The file is %1 bytes; scene files may be at most %2 bytes.</source>
        <translation>文件大小为 %1 字节；场景文件最多 %2 字节。</translation>
    </message>
    <message>
        <source>Not valid JSON at line %1, column %2: %3.</source>
        <translation>第 %1 行第 %2 列不是有效的 JSON：%3。</translation>
    </message>
    <message>
        <source>%1: lists and objects are nested more than %2 levels deep.</source>
        <translation>%1：列表和对象的嵌套超过了 %2 层。</translation>
    </message>
    <message>
        <source>The file is not valid UTF-8 text (byte %1).</source>
        <translation>文件不是有效的 UTF-8 文本（第 %1 字节）。</translation>
    </message>
    <message>
        <source>%1: this field appears more than once.</source>
        <translation>%1：该字段出现了不止一次。</translation>
    </message>
    <message>
        <source>%1: this is not an Attention Canvas scene file.</source>
        <translation>%1：这不是注意力画布的场景文件。</translation>
    </message>
    <message>
        <source>%1: version %2 is not supported; this program reads version 1.</source>
        <translation>%1：不支持版本 %2；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: expected %2.</source>
        <translation>%1：应为%2。</translation>
    </message>
    <message>
        <source>%1: this required field is missing.</source>
        <translation>%1：缺少这个必需的字段。</translation>
    </message>
    <message>
        <source>%1: unknown method "%2" (expected dot, scaled, cosine, general, additive or multihead).</source>
        <translation>%1：未知的方法“%2”（应为 dot、scaled、cosine、general、additive 或 multihead）。</translation>
    </message>
    <message>
        <source>%1: unknown field "%2".</source>
        <translation>%1：未知的字段“%2”。</translation>
    </message>
    <message>
        <source>%1: invalid.</source>
        <translation>%1：无效。</translation>
    </message>
    <message>
        <source>a \u escape that is half of a surrogate pair</source>
        <translation>一个只有半个代理对的 \u 转义</translation>
    </message>
    <message>
        <source>%1: every head must have the same output size d_v (%2), but this head has %3.</source>
        <translation>%1：每个头的输出维度 d_v 必须相同（%2），但这个头是 %3。</translation>
    </message>
    <message>
        <source>%1: the hidden size H must be from 1 to %2, not %3.</source>
        <translation>%1：隐藏层大小 H 必须在 1 到 %2 之间，而不是 %3。</translation>
    </message>
    <message>
        <source>%1: there must be from 1 to %2 heads, not %3.</source>
        <translation>%1：头的数量必须在 1 到 %2 之间，而不是 %3。</translation>
    </message>
    <message>
        <source>%1: the scene file has no version; this program reads version 1.</source>
        <translation>%1：场景文件没有版本号；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: the version must be a whole number; this program reads version 1.</source>
        <translation>%1：版本号必须是整数；本程序读取版本 1。</translation>
    </message>
</context>
<context>
    <name>HeadCanvases</name>
    <message>
        <source>Choose multi-head attention to see what each head projects</source>
        <translation>选择多头注意力，即可看到每个头的投影</translation>
    </message>
    <message>
        <source>head %1: d&lt;sub&gt;k&lt;/sub&gt; = %2</source>
        <translation>头 %1：d&lt;sub&gt;k&lt;/sub&gt; = %2</translation>
    </message>
    <message>
        <source>Arrows: %1 and %2</source>
        <translation>箭头：%1 和 %2</translation>
    </message>
    <message>
        <source>(first 2 of %1 components)</source>
        <translation>（%1 个分量中的前 2 个）</translation>
    </message>
</context>
<context>
    <name>HeadHeatMap</name>
    <message>
        <source>Choose multi-head attention to see each head's weights</source>
        <translation>选择多头注意力，即可看到每个头的权重</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Attention weights of each head</source>
        <translation>每个头的注意力权重</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Head %1, key %2
Score %3
Weight %4</source>
        <translation>头 %1，键 %2
分数 %3
权重 %4</translation>
    </message>
    <message>
        <source>Masked: left out of the softmax</source>
        <translation>已掩码：不参与 softmax</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Attention Canvas</source>
        <translation>注意力画布</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Method</source>
        <translation>方法(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Open Scene…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scene file</source>
        <translation>打开一个场景文件</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>&amp;About Attention Canvas</source>
        <translation>关于注意力画布(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot open the scene</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Open Scene</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Attention Canvas scenes (*.json);;All files (*)</source>
        <translation>注意力画布场景 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>About Attention Canvas</source>
        <translation>关于注意力画布</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Canvas %1&lt;/h3&gt;&lt;p&gt;Drag query, key and value vectors and watch attention scores, softmax weights and the weighted sum change.&lt;/p&gt;&lt;p&gt;Built with Qt %2 and Eigen.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;注意力画布 %1&lt;/h3&gt;&lt;p&gt;拖动查询、键和值向量，观察注意力分数、softmax 权重和加权和如何变化。&lt;/p&gt;&lt;p&gt;基于 Qt %2 和 Eigen 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Method and parameters</source>
        <translation>方法与参数</translation>
    </message>
    <message>
        <source>Weights and scores</source>
        <translation>权重与分数</translation>
    </message>
    <message>
        <source>Step by step</source>
        <translation>逐步计算</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>各个头</translation>
    </message>
    <message>
        <source>Quit Attention Canvas</source>
        <translation>退出注意力画布</translation>
    </message>
    <message>
        <source>&amp;Add Key</source>
        <translation>添加键(&amp;A)</translation>
    </message>
    <message>
        <source>Add a key with its value (at most 64)</source>
        <translation>添加一个键及其对应的值（最多 64 个）</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Remove Key</source>
        <translation>删除键(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected key and its value</source>
        <translation>删除选中的键及其对应的值</translation>
    </message>
    <message>
        <source>Del</source>
        <translation>Del</translation>
    </message>
    <message>
        <source>&amp;Mask Key</source>
        <translation>掩码键(&amp;M)</translation>
    </message>
    <message>
        <source>Leave the selected key out of the softmax (its weight becomes 0)</source>
        <translation>让选中的键不参与 softmax（其权重变为 0）</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom in on the canvas</source>
        <translation>放大画布</translation>
    </message>
    <message>
        <source>Ctrl++</source>
        <translation>Ctrl++</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out of the canvas</source>
        <translation>缩小画布</translation>
    </message>
    <message>
        <source>Ctrl+-</source>
        <translation>Ctrl+-</translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation>显示全部(&amp;F)</translation>
    </message>
    <message>
        <source>Show every vector and the unit circle</source>
        <translation>显示所有向量和单位圆</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Reset &amp;View</source>
        <translation>重置视图(&amp;V)</translation>
    </message>
    <message>
        <source>Go back to the initial zoom and position</source>
        <translation>回到初始的缩放和位置</translation>
    </message>
    <message>
        <source>Ctrl+Shift+0</source>
        <translation>Ctrl+Shift+0</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>吸附到网格(&amp;S)</translation>
    </message>
    <message>
        <source>Round dragged coordinates to multiples of 0.1</source>
        <translation>拖动时把坐标取整到 0.1 的倍数</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>&amp;Normalise to Unit Length</source>
        <translation>归一化为单位长度(&amp;N)</translation>
    </message>
    <message>
        <source>Show and compute every vector at length 1 (L2 normalisation), where the dot product equals the cosine</source>
        <translation>把每个向量按长度 1 显示和计算（L2 归一化），此时点积等于余弦</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Put every panel back where it was at the first start</source>
        <translation>把所有面板放回首次启动时的位置</translation>
    </message>
    <message>
        <source>Version, licence and libraries</source>
        <translation>版本、许可证和所用的库</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>About the Qt toolkit</source>
        <translation>关于 Qt 工具包</translation>
    </message>
    <message>
        <source>%1 keys · output %2</source>
        <translation>%1 个键 · 输出 %2</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;New Scene</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new scene from the article's example</source>
        <translation>以文章中的例子新建场景</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scene to its file</source>
        <translation>把场景保存到它的文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scene to a new file</source>
        <translation>把场景保存到新文件</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>恢复(&amp;V)</translation>
    </message>
    <message>
        <source>Drop the unsaved changes and read the file again</source>
        <translation>放弃未保存的更改，重新读取文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>Forget the list of recently opened scenes</source>
        <translation>清空最近打开的场景列表</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Undo the last edit</source>
        <translation>撤销上一次编辑</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Redo the edit that was undone</source>
        <translation>重做刚撤销的编辑</translation>
    </message>
    <message>
        <source>%1[*] — Attention Canvas</source>
        <translation>%1[*] — 注意力画布</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销%1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做%1(&amp;R)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销%1</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation>重做%1</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The scene "%1" has changes that are not saved.</source>
        <translation>场景“%1”有尚未保存的更改。</translation>
    </message>
    <message>
        <source>Save them before going on?</source>
        <translation>要先保存吗？</translation>
    </message>
    <message>
        <source>Cannot load the preset</source>
        <translation>无法载入预设</translation>
    </message>
    <message>
        <source>Cannot save the scene</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Scene</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Go back to the saved "%1"? The changes since it was saved are lost.</source>
        <translation>恢复到已保存的“%1”吗？保存之后的更改将会丢失。</translation>
    </message>
    <message>
        <source>Reverted to %1</source>
        <translation>已恢复到 %1</translation>
    </message>
</context>
<context>
    <name>MatrixEditor</name>
    <message>
        <source>%1, row %2, column %3</source>
        <translation>%1，第 %2 行，第 %3 列</translation>
    </message>
</context>
<context>
    <name>MethodNames</name>
    <message>
        <source>Dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>Scaled dot product</source>
        <translation>缩放点积</translation>
    </message>
    <message>
        <source>Cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>General (bilinear)</source>
        <translation>通用（双线性）</translation>
    </message>
    <message>
        <source>Additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <source>Multi-head</source>
        <translation>多头</translation>
    </message>
</context>
<context>
    <name>MethodPanel</name>
    <message>
        <source>Method and parameters</source>
        <translation>方法与参数</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Choose how the query is compared with each key: the score function that gives s_i.</source>
        <translation>选择查询与每个键的比较方式，即给出 s_i 的打分函数。</translation>
    </message>
    <message>
        <source>Score method</source>
        <translation>打分方法</translation>
    </message>
    <message>
        <source>The score formula of the chosen method.</source>
        <translation>所选方法的打分公式。</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>The dot product q·k&lt;sub&gt;i&lt;/sub&gt; = |q| |k&lt;sub&gt;i&lt;/sub&gt;| cos θ&lt;sub&gt;i&lt;/sub&gt; has no parameters. A long key scores high just because it is long; the L2-normalised view compares directions only.</source>
        <translation>点积 q·k&lt;sub&gt;i&lt;/sub&gt; = |q| |k&lt;sub&gt;i&lt;/sub&gt;| cos θ&lt;sub&gt;i&lt;/sub&gt; 没有参数。长的键仅仅因为长就能得高分；L2 归一化视图只比较方向。</translation>
    </message>
    <message>
        <source>Dividing by √d keeps the spread of the scores steady as the dimension d grows. Without it softmax saturates towards one-hot and its gradients vanish.</source>
        <translation>除以 √d 能让分数的分布范围不随维度 d 增大而扩散。否则 softmax 会饱和成独热（one-hot），梯度随之消失。</translation>
    </message>
    <message>
        <source>Divide by √2, as the vectors on the canvas have dimension 2. Untick to try another d, e.g. 64 or 512 as in a Transformer.</source>
        <translation>除以 √2，因为画布上的向量维度是 2。取消勾选可以试试别的 d，例如 Transformer 中的 64 或 512。</translation>
    </message>
    <message>
        <source>Use the vector dimension</source>
        <translation>使用向量维度</translation>
    </message>
    <message>
        <source>Use the &amp;vector dimension (2)</source>
        <translation>使用向量维度（2）(&amp;V)</translation>
    </message>
    <message>
        <source>Scale &amp;dimension d:</source>
        <translation>缩放维度 d(&amp;D)：</translation>
    </message>
    <message>
        <source>The d of √d that the scores are divided by. A larger d gives smaller scores and flatter weights.</source>
        <translation>分数要除以的 √d 中的 d。d 越大，分数越小，权重越平缓。</translation>
    </message>
    <message>
        <source>Scale dimension d</source>
        <translation>缩放维度 d</translation>
    </message>
    <message>
        <source>The d that the model divides the scores by, √d.</source>
        <translation>模型用来除分数的 √d 中的 d。</translation>
    </message>
    <message>
        <source>Scale in use</source>
        <translation>当前缩放</translation>
    </message>
    <message>
        <source>Cosine similarity divides the dot product by both lengths, so only the angle counts: 1 for the same direction, 0 at a right angle, −1 for opposite ones. It has no parameters; as cosines lie between −1 and 1, the temperature decides how sharp the weights get.</source>
        <translation>余弦相似度把点积除以两个向量的长度，因此只有夹角起作用：同向为 1，垂直为 0，反向为 −1。它没有参数；由于余弦值介于 −1 和 1 之间，权重的尖锐程度由温度决定。</translation>
    </message>
    <message>
        <source>The general (bilinear) score q&lt;sup&gt;T&lt;/sup&gt; W k&lt;sub&gt;i&lt;/sub&gt; (Luong et al. 2015) compares the query with W k&lt;sub&gt;i&lt;/sub&gt;. W = I gives the dot product; a rotation or a stretch changes what counts as similar.</source>
        <translation>通用（双线性）分数 q&lt;sup&gt;T&lt;/sup&gt; W k&lt;sub&gt;i&lt;/sub&gt;（Luong 等，2015）把查询与 W k&lt;sub&gt;i&lt;/sub&gt; 相比较。W = I 时就是点积；旋转或拉伸会改变“相似”的含义。</translation>
    </message>
    <message>
        <source>Set W back to the 2 × 2 identity, which makes the score the dot product.</source>
        <translation>把 W 恢复为 2 × 2 单位矩阵，此时分数就是点积。</translation>
    </message>
    <message>
        <source>Reset W to the identity</source>
        <translation>把 W 重置为单位矩阵</translation>
    </message>
    <message>
        <source>Reset to &amp;identity</source>
        <translation>重置为单位矩阵(&amp;I)</translation>
    </message>
    <message>
        <source>Additive attention (Bahdanau et al. 2015) scores with a small network: v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; + b) with H hidden units.</source>
        <translation>加性注意力（Bahdanau 等，2015）用一个小网络打分：v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; + b)，隐藏层有 H 个单元。</translation>
    </message>
    <message>
        <source>&amp;Hidden size H:</source>
        <translation>隐藏层大小 H(&amp;H)：</translation>
    </message>
    <message>
        <source>The number of hidden units H (1 to 16). The rows that fit are kept; new rows are drawn from the seed.</source>
        <translation>隐藏单元个数 H（1 到 16）。能保留的行会保留，新增的行由种子随机生成。</translation>
    </message>
    <message>
        <source>Hidden size H</source>
        <translation>隐藏层大小 H</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>The seed of the random numbers used by Randomise and for new rows. The same seed always gives the same numbers.</source>
        <translation>“随机化”和新增行所用随机数的种子。同一个种子总是得到相同的数。</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Draw every entry of W_q, W_k, b and v uniformly from [−1, 1) with this seed.</source>
        <translation>用这个种子从 [−1, 1) 均匀抽取 W_q、W_k、b 和 v 的每个元素。</translation>
    </message>
    <message>
        <source>Randomise the additive parameters</source>
        <translation>随机化加性注意力的参数</translation>
    </message>
    <message>
        <source>&amp;Randomise</source>
        <translation>随机化(&amp;R)</translation>
    </message>
    <message>
        <source>Each head projects q, k&lt;sub&gt;i&lt;/sub&gt; and v&lt;sub&gt;i&lt;/sub&gt; with its own W&lt;sub&gt;Q&lt;/sub&gt;, W&lt;sub&gt;K&lt;/sub&gt;, W&lt;sub&gt;V&lt;/sub&gt; and runs scaled dot-product attention with its own √d&lt;sub&gt;k&lt;/sub&gt;. W&lt;sub&gt;O&lt;/sub&gt; maps the heads' outputs, side by side, back to the plane.</source>
        <translation>每个头用自己的 W&lt;sub&gt;Q&lt;/sub&gt;、W&lt;sub&gt;K&lt;/sub&gt;、W&lt;sub&gt;V&lt;/sub&gt; 投影 q、k&lt;sub&gt;i&lt;/sub&gt; 和 v&lt;sub&gt;i&lt;/sub&gt;，并用自己的 √d&lt;sub&gt;k&lt;/sub&gt; 计算缩放点积注意力。W&lt;sub&gt;O&lt;/sub&gt; 把并排拼接的各头输出映射回平面。</translation>
    </message>
    <message>
        <source>Number of &amp;heads:</source>
        <translation>头的数量(&amp;H)：</translation>
    </message>
    <message>
        <source>How many heads (1 to 8). A new head looks along another direction (45° further per head) and W_O is widened so that it still averages the heads.</source>
        <translation>头的数量（1 到 8）。新头沿另一个方向观察（每个头再转 45°），W_O 随之加宽，仍然对各头取平均。</translation>
    </message>
    <message>
        <source>Number of heads</source>
        <translation>头的数量</translation>
    </message>
    <message>
        <source>Value dimension d&lt;sub&gt;v&lt;/sub&gt;:</source>
        <translation>值维度 d&lt;sub&gt;v&lt;/sub&gt;：</translation>
    </message>
    <message>
        <source>The size of every head's output, 1 or 2. All heads share it because W_O takes their outputs side by side; changing it resets every W_V and W_O.</source>
        <translation>每个头输出的维度，1 或 2。由于 W_O 接收并排拼接的各头输出，所有头必须相同；修改它会重置所有 W_V 和 W_O。</translation>
    </message>
    <message>
        <source>Value dimension</source>
        <translation>值维度</translation>
    </message>
    <message>
        <source>Projections of one head</source>
        <translation>单个头的投影</translation>
    </message>
    <message>
        <source>Choose the head whose projections are shown and edited below.</source>
        <translation>选择要在下方显示和编辑投影的头。</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>d&lt;sub&gt;k&lt;/sub&gt;:</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt;：</translation>
    </message>
    <message>
        <source>The key dimension of this head, 1 or 2: the rows of W_Q and W_K. A new row starts at zero.</source>
        <translation>这个头的键维度，1 或 2，即 W_Q 和 W_K 的行数。新增的行从 0 开始。</translation>
    </message>
    <message>
        <source>Key dimension of this head</source>
        <translation>这个头的键维度</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>A ready-made projection for the chosen matrices of this head.</source>
        <translation>为这个头选中的矩阵提供现成的投影。</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>单位矩阵</translation>
    </message>
    <message>
        <source>Rotate by θ</source>
        <translation>旋转 θ</translation>
    </message>
    <message>
        <source>Project onto x</source>
        <translation>投影到 x 轴</translation>
    </message>
    <message>
        <source>Project onto y</source>
        <translation>投影到 y 轴</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>&amp;Angle θ:</source>
        <translation>角度 θ(&amp;A)：</translation>
    </message>
    <message>
        <source>The rotation angle in degrees, counter-clockwise. With d_k = 1 the head sees the x coordinate of the rotated vector.</source>
        <translation>旋转角度（度，逆时针）。d_k = 1 时，这个头看到的是旋转后向量的 x 坐标。</translation>
    </message>
    <message>
        <source>Rotation angle in degrees</source>
        <translation>旋转角度（度）</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>The seed for Random: W_Q uses the seed, W_K the seed + 1 and W_V the seed + 2.</source>
        <translation>“随机”预设的种子：W_Q 用该种子，W_K 用种子 + 1，W_V 用种子 + 2。</translation>
    </message>
    <message>
        <source>Preset seed</source>
        <translation>预设种子</translation>
    </message>
    <message>
        <source>Apply to the projections of:</source>
        <translation>应用到以下投影：</translation>
    </message>
    <message>
        <source>Apply the preset to W_Q, the query projection.</source>
        <translation>把预设应用到查询投影 W_Q。</translation>
    </message>
    <message>
        <source>Apply to W_Q</source>
        <translation>应用到 W_Q</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Apply the preset to W_K, the key projection.</source>
        <translation>把预设应用到键投影 W_K。</translation>
    </message>
    <message>
        <source>Apply to W_K</source>
        <translation>应用到 W_K</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Apply the preset to W_V, the value projection.</source>
        <translation>把预设应用到值投影 W_V。</translation>
    </message>
    <message>
        <source>Apply to W_V</source>
        <translation>应用到 W_V</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Replace the chosen projections of this head by the preset. Sizes stay as they are: a projection onto one axis gets a row of zeros when d = 2.</source>
        <translation>用预设替换这个头选中的投影。矩阵尺寸保持不变：d = 2 时，投影到单个坐标轴的矩阵会补一行 0。</translation>
    </message>
    <message>
        <source>Apply the preset to this head</source>
        <translation>把预设应用到这个头</translation>
    </message>
    <message>
        <source>Appl&amp;y preset</source>
        <translation>应用预设(&amp;Y)</translation>
    </message>
    <message>
        <source>Output matrix W&lt;sub&gt;O&lt;/sub&gt; (2 × h·d&lt;sub&gt;v&lt;/sub&gt;)</source>
        <translation>输出矩阵 W&lt;sub&gt;O&lt;/sub&gt;（2 × h·d&lt;sub&gt;v&lt;/sub&gt;）</translation>
    </message>
    <message>
        <source>Set W_O so that the output is the average of the heads' outputs.</source>
        <translation>设置 W_O，使输出为各头输出的平均。</translation>
    </message>
    <message>
        <source>Set W_O to average the heads</source>
        <translation>把 W_O 设为各头平均</translation>
    </message>
    <message>
        <source>A&amp;verage the heads</source>
        <translation>对各头取平均(&amp;V)</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Matrix W</source>
        <translation>矩阵 W</translation>
    </message>
    <message>
        <source>An entry of W in s = qᵀ W k. Row i goes with the query's i-th coordinate, column j with the key's j-th coordinate.</source>
        <translation>s = qᵀ W k 中 W 的一个元素。第 i 行对应查询的第 i 个坐标，第 j 列对应键的第 j 个坐标。</translation>
    </message>
    <message>
        <source>Matrix W_q</source>
        <translation>矩阵 W_q</translation>
    </message>
    <message>
        <source>An entry of W_q (H × 2), which maps the query into the hidden layer. Row i is hidden unit i.</source>
        <translation>W_q（H × 2）的一个元素，它把查询映射到隐藏层。第 i 行是第 i 个隐藏单元。</translation>
    </message>
    <message>
        <source>Matrix W_k</source>
        <translation>矩阵 W_k</translation>
    </message>
    <message>
        <source>An entry of W_k (H × 2), which maps each key into the hidden layer. Row i is hidden unit i.</source>
        <translation>W_k（H × 2）的一个元素，它把每个键映射到隐藏层。第 i 行是第 i 个隐藏单元。</translation>
    </message>
    <message>
        <source>Vectors b and v</source>
        <translation>向量 b 和 v</translation>
    </message>
    <message>
        <source>Column b: the bias added to hidden unit i before tanh. Column v: the weight of hidden unit i's tanh value in the score.</source>
        <translation>b 列：tanh 之前加到第 i 个隐藏单元上的偏置。v 列：第 i 个隐藏单元的 tanh 值在分数中的权重。</translation>
    </message>
    <message>
        <source>Matrix W_Q of head %1</source>
        <translation>头 %1 的矩阵 W_Q</translation>
    </message>
    <message>
        <source>An entry of W_Q (d_k × 2), this head's projection of the query.</source>
        <translation>W_Q（d_k × 2）的一个元素，即这个头对查询的投影。</translation>
    </message>
    <message>
        <source>Matrix W_K of head %1</source>
        <translation>头 %1 的矩阵 W_K</translation>
    </message>
    <message>
        <source>An entry of W_K (d_k × 2), this head's projection of the keys.</source>
        <translation>W_K（d_k × 2）的一个元素，即这个头对键的投影。</translation>
    </message>
    <message>
        <source>Matrix W_V of head %1</source>
        <translation>头 %1 的矩阵 W_V</translation>
    </message>
    <message>
        <source>An entry of W_V (d_v × 2), this head's projection of the values.</source>
        <translation>W_V（d_v × 2）的一个元素，即这个头对值的投影。</translation>
    </message>
    <message>
        <source>Preset for head %1</source>
        <translation>头 %1 的预设</translation>
    </message>
    <message>
        <source>Output matrix W_O</source>
        <translation>输出矩阵 W_O</translation>
    </message>
    <message>
        <source>An entry of W_O (2 × h·d_v). Column "h2:1" takes the first output coordinate of head 2; the output is W_O times the heads' outputs stacked.</source>
        <translation>W_O（2 × h·d_v）的一个元素。“h2:1”列对应头 2 输出的第一个坐标；输出等于 W_O 乘以堆叠起来的各头输出。</translation>
    </message>
    <message>
        <source>The scores are divided by √d with d = %1.</source>
        <translation>分数除以 √d，其中 d = %1。</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot compute the attention: %1</source>
        <translation>无法计算注意力：%1</translation>
    </message>
    <message>
        <source>%1: cannot write the report: %2</source>
        <translation>%1：无法写入报告：%2</translation>
    </message>
</context>
<context>
    <name>SceneDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>The scene has no file yet; use Save As.</source>
        <translation>这个场景还没有文件；请使用“另存为”。</translation>
    </message>
    <message>
        <source>The scene has no file to go back to.</source>
        <translation>这个场景没有可以恢复的文件。</translation>
    </message>
</context>
<context>
    <name>SceneEditor</name>
    <message>
        <source>Move Query</source>
        <translation>移动查询</translation>
    </message>
    <message>
        <source>Move Key %1</source>
        <translation>移动键 %1</translation>
    </message>
    <message>
        <source>Move Value %1</source>
        <translation>移动值 %1</translation>
    </message>
    <message>
        <source>Move Column %1 of W</source>
        <translation>移动 W 的第 %1 列</translation>
    </message>
    <message>
        <source>Add Key</source>
        <translation>添加键</translation>
    </message>
    <message>
        <source>Remove Key %1</source>
        <translation>删除键 %1</translation>
    </message>
    <message>
        <source>Mask Key %1</source>
        <translation>掩码键 %1</translation>
    </message>
    <message>
        <source>Unmask Key %1</source>
        <translation>取消掩码键 %1</translation>
    </message>
    <message>
        <source>Change Method to %1</source>
        <translation>把方法改为%1</translation>
    </message>
    <message>
        <source>Change Temperature</source>
        <translation>更改温度</translation>
    </message>
    <message>
        <source>Change Scaling Dimension</source>
        <translation>更改缩放维度</translation>
    </message>
    <message>
        <source>Edit W</source>
        <translation>编辑 W</translation>
    </message>
    <message>
        <source>Reset W</source>
        <translation>重置 W</translation>
    </message>
    <message>
        <source>Edit Additive Parameters</source>
        <translation>编辑加性注意力参数</translation>
    </message>
    <message>
        <source>Change Hidden Size</source>
        <translation>更改隐藏层大小</translation>
    </message>
    <message>
        <source>Randomise Additive Parameters</source>
        <translation>随机化加性注意力参数</translation>
    </message>
    <message>
        <source>Change Number of Heads</source>
        <translation>更改头的数量</translation>
    </message>
    <message>
        <source>Change Value Dimension</source>
        <translation>更改值维度</translation>
    </message>
    <message>
        <source>Change Key Dimension of Head %1</source>
        <translation>更改头 %1 的键维度</translation>
    </message>
    <message>
        <source>Edit Head %1</source>
        <translation>编辑头 %1</translation>
    </message>
    <message>
        <source>Apply Preset to Head %1</source>
        <translation>把预设应用到头 %1</translation>
    </message>
    <message>
        <source>Edit W_O</source>
        <translation>编辑 W_O</translation>
    </message>
    <message>
        <source>Average the Heads</source>
        <translation>对各头取平均</translation>
    </message>
</context>
<context>
    <name>ScenePresets</name>
    <message>
        <source>The Article's Example</source>
        <translation>文章中的例子</translation>
    </message>
    <message>
        <source>q = (1.2, 0.8) with three keys: the dot-product scores are 1.4, 2.2 and 1.92.</source>
        <translation>q = (1.2, 0.8) 和三个键：点积分数为 1.4、2.2 和 1.92。</translation>
    </message>
    <message>
        <source>Same Direction, Orthogonal, Opposite</source>
        <translation>同向、垂直、反向</translation>
    </message>
    <message>
        <source>Three keys along, across and against the query: cosine similarity 1, 0 and −1.</source>
        <translation>三个键分别与查询同向、垂直、反向：余弦相似度为 1、0 和 −1。</translation>
    </message>
    <message>
        <source>Length Beats Angle</source>
        <translation>长度胜过夹角</translation>
    </message>
    <message>
        <source>A long key wins under the dot product although it points away; switch to cosine similarity and the well-aligned short key wins.</source>
        <translation>在点积下，一个很长的键即使方向偏离也会胜出；换成余弦相似度，方向一致的短键才胜出。</translation>
    </message>
    <message>
        <source>Low Temperature (τ = 0.05)</source>
        <translation>低温（τ = 0.05）</translation>
    </message>
    <message>
        <source>The article's example at τ = 0.05: softmax gives almost all the weight to the best key.</source>
        <translation>文章的例子，τ = 0.05：softmax 几乎把全部权重给了得分最高的键。</translation>
    </message>
    <message>
        <source>High Temperature (τ = 20)</source>
        <translation>高温（τ = 20）</translation>
    </message>
    <message>
        <source>The article's example at τ = 20: the weights are almost equal.</source>
        <translation>文章的例子，τ = 20：各个权重几乎相等。</translation>
    </message>
    <message>
        <source>A Masked Key</source>
        <translation>一个被掩码的键</translation>
    </message>
    <message>
        <source>The article's example with its best key masked: its weight is 0 and the others share the rest.</source>
        <translation>文章的例子，得分最高的键被掩码：它的权重为 0，其余的键分享全部权重。</translation>
    </message>
    <message>
        <source>Multi-Head: Three Lenses</source>
        <translation>多头：三种视角</translation>
    </message>
    <message>
        <source>Three heads look through different lenses (identity, a 90° rotation of the query, a projection onto the x axis) and each prefers another key.</source>
        <translation>三个头透过不同的“镜头”观察（恒等、把查询旋转 90°、投影到 x 轴），各自偏好不同的键。</translation>
    </message>
    <message>
        <source>32 Keys Around a Circle</source>
        <translation>圆周上的 32 个键</translation>
    </message>
    <message>
        <source>32 keys evenly around the unit circle: the weights follow the angle to the query.</source>
        <translation>32 个键均匀分布在单位圆上：权重随它们与查询的夹角变化。</translation>
    </message>
    <message>
        <source>There is no preset "%1".</source>
        <translation>没有名为“%1”的预设。</translation>
    </message>
</context>
<context>
    <name>SceneStorage</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a scene file.</source>
        <translation>这是一个文件夹，不是场景文件。</translation>
    </message>
    <message>
        <source>The file is %1 bytes; scene files may be at most %2 bytes.</source>
        <translation>文件大小为 %1 字节；场景文件最多 %2 字节。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>The file cannot be written: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>Key %1 · %2</source>
        <translation>键 %1 · %2</translation>
    </message>
    <message>
        <source>%1 has zero length: no angle exists, so %2 = 0</source>
        <translation>%1 长度为 0：夹角不存在，因此 %2 = 0</translation>
    </message>
    <message>
        <source>head %1 (d&lt;sub&gt;k&lt;/sub&gt; = %2):</source>
        <translation>头 %1（d&lt;sub&gt;k&lt;/sub&gt; = %2）：</translation>
    </message>
    <message>
        <source>%1 is masked: %2 = 0</source>
        <translation>%1 已被掩码：%2 = 0</translation>
    </message>
    <message numerus="yes">
        <source>Mean over %n heads:</source>
        <translation>
            <numerusform>%n 个头的平均：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is masked: it is left out of the softmax, so %2 = 0</source>
        <translation>%1 已被掩码：它不参与 softmax，因此 %2 = 0</translation>
    </message>
    <message>
        <source>Click a key or a table row to explain another key.</source>
        <translation>点击一个键或表格的一行，可查看另一个键的计算过程。</translation>
    </message>
</context>
<context>
    <name>StepTableModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>‖k‖</source>
        <translation>‖k‖</translation>
    </message>
    <message>
        <source>Angle θ</source>
        <translation>夹角 θ</translation>
    </message>
    <message>
        <source>cos θ</source>
        <translation>cos θ</translation>
    </message>
    <message>
        <source>Score s</source>
        <translation>分数 s</translation>
    </message>
    <message>
        <source>s/τ</source>
        <translation>s/τ</translation>
    </message>
    <message>
        <source>s/τ − max</source>
        <translation>s/τ − max</translation>
    </message>
    <message>
        <source>exp</source>
        <translation>exp</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Value v</source>
        <translation>值 v</translation>
    </message>
    <message>
        <source>The key, numbered as on the canvas</source>
        <translation>键，编号与画布上一致</translation>
    </message>
    <message>
        <source>The key vector k</source>
        <translation>键向量 k</translation>
    </message>
    <message>
        <source>The length ‖k‖ of the key</source>
        <translation>键的长度 ‖k‖</translation>
    </message>
    <message>
        <source>The angle θ between the query and the key</source>
        <translation>查询与键之间的夹角 θ</translation>
    </message>
    <message>
        <source>cos θ = q·k / (‖q‖ ‖k‖)</source>
        <translation>cos θ = q·k / (‖q‖ ‖k‖)</translation>
    </message>
    <message>
        <source>The attention score s of the current method (multi-head: the mean over heads)</source>
        <translation>当前方法下的注意力分数 s（多头：各头的平均）</translation>
    </message>
    <message>
        <source>The score divided by the temperature τ</source>
        <translation>分数除以温度 τ</translation>
    </message>
    <message>
        <source>s/τ minus the largest s/τ: subtracting the maximum keeps exp from overflowing</source>
        <translation>s/τ 减去最大的 s/τ：减去最大值可以防止 exp 溢出</translation>
    </message>
    <message>
        <source>exp(s/τ − max); the sum row adds them up</source>
        <translation>exp(s/τ − max)；合计行把它们加起来</translation>
    </message>
    <message>
        <source>The attention weight: exp divided by the sum of exps</source>
        <translation>注意力权重：exp 除以所有 exp 之和</translation>
    </message>
    <message>
        <source>The value v; the sum row is the output Σ wᵢ vᵢ</source>
        <translation>值 v；合计行是输出 Σ wᵢ vᵢ</translation>
    </message>
    <message>
        <source>The output Σ wᵢ vᵢ</source>
        <translation>输出 Σ wᵢ vᵢ</translation>
    </message>
    <message>
        <source>Masked: this key is left out of the softmax</source>
        <translation>已掩码：这个键不参与 softmax</translation>
    </message>
    <message>
        <source>%1 (masked)</source>
        <translation>%1（已掩码）</translation>
    </message>
    <message>
        <source>Sum Σ</source>
        <translation>合计 Σ</translation>
    </message>
</context>
<context>
    <name>TemperatureControl</name>
    <message>
        <source>Temperature &lt;i&gt;τ&lt;/i&gt;</source>
        <translation>温度 &lt;i&gt;τ&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Reset to 1</source>
        <translation>重置为 1</translation>
    </message>
    <message>
        <source>Softmax turns the scores s into weights with s / τ. A small τ sharpens the weights towards the best key (one-hot); a large τ flattens them towards equal weights.</source>
        <translation>softmax 用 s / τ 把分数 s 变成权重。τ 小时权重向最佳的键集中（趋于独热）；τ 大时权重趋于均匀。</translation>
    </message>
    <message>
        <source>Temperature τ on a logarithmic scale from 0.05 to 20; 1 is in the middle. %1</source>
        <translation>对数刻度的温度 τ，范围 0.05 到 20，1 位于正中。%1</translation>
    </message>
    <message>
        <source>Type the temperature τ (0.05 to 20). %1</source>
        <translation>输入温度 τ（0.05 到 20）。%1</translation>
    </message>
    <message>
        <source>Set the temperature back to τ = 1, plain softmax.</source>
        <translation>把温度恢复为 τ = 1，即普通的 softmax。</translation>
    </message>
    <message>
        <source>Temperature slider</source>
        <translation>温度滑块</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Reset temperature to 1</source>
        <translation>把温度重置为 1</translation>
    </message>
</context>
<context>
    <name>WeightChart</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Attention weights: no result</source>
        <translation>注意力权重：无结果</translation>
    </message>
    <message numerus="yes">
        <source>Mean attention weights over %n heads</source>
        <translation>
            <numerusform>%n 个头的平均注意力权重</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean scores over %n heads</source>
        <translation>
            <numerusform>%n 个头的平均分数</numerusform>
        </translation>
    </message>
    <message>
        <source>Attention weights (softmax)</source>
        <translation>注意力权重（softmax）</translation>
    </message>
    <message>
        <source>Attention scores: %1</source>
        <translation>注意力分数：%1</translation>
    </message>
    <message>
        <source>Mean weight</source>
        <translation>平均权重</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分数</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
</context>
</TS>