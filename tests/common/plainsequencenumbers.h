#pragma once

// The loss and accuracy of a sequence model worked out the plain way, for the tests that check
// the numbers a session or a worker measured.

#include "core/sequencedocument.h"
#include "core/sequenceforward.h"
#include "core/sequencemodel.h"

#include <cmath>
#include <vector>

// The loss and accuracy of `model` over `examples` the plain way: one pass per example and the
// log-softmax of each scored row written out, the mean over every scored position.
struct PlainNumbers
{
    double loss = 0, accuracy = 0;
};
inline PlainNumbers plainNumbers(const attn::SequenceModel &model,
                                 const std::vector<attn::SequenceExample> &examples)
{
    double lossSum = 0;
    long long scored = 0, correct = 0;
    for (const attn::SequenceExample &example : examples) {
        auto forward = attn::SequenceForward::run(model, example.tokens);
        if (!forward)
            return {std::nan(""), std::nan("")};
        const attn::Matrix &logits = forward->logits;
        for (int i = 0; i < int(example.targets.size()); ++i) {
            const int target = example.targets[std::size_t(i)];
            if (target < 0)
                continue;
            double largest = logits(i, 0);
            int best = 0;
            for (int o = 1; o < logits.cols(); ++o)
                if (logits(i, o) > largest) {
                    largest = logits(i, o);
                    best = o;
                }
            double sum = 0;
            for (int o = 0; o < logits.cols(); ++o)
                sum += std::exp(logits(i, o) - largest);
            lossSum += largest + std::log(sum) - logits(i, target);
            ++scored;
            correct += best == target ? 1 : 0;
        }
    }
    return {lossSum / double(scored), double(correct) / double(scored)};
}
